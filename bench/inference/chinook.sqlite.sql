-- sqlite3 Chinook.db .schema: the Chinook music store sample (PascalCase, NVARCHAR widths, NUMERIC money).
CREATE TABLE [Artist]
(
    [ArtistId] INTEGER  NOT NULL, -- @ sequence
    [Name] NVARCHAR(120), -- @ music.artist|person.fullName
    CONSTRAINT [PK_Artist] PRIMARY KEY  ([ArtistId])
);
CREATE TABLE [Album]
(
    [AlbumId] INTEGER  NOT NULL, -- @ sequence
    [Title] NVARCHAR(160)  NOT NULL, -- @ music.album|$TITLE
    [ArtistId] INTEGER  NOT NULL, -- @ ref
    CONSTRAINT [PK_Album] PRIMARY KEY  ([AlbumId]),
    FOREIGN KEY ([ArtistId]) REFERENCES [Artist] ([ArtistId])
);
CREATE TABLE [Genre]
(
    [GenreId] INTEGER  NOT NULL, -- @ sequence
    [Name] NVARCHAR(120), -- @ music.genre
    CONSTRAINT [PK_Genre] PRIMARY KEY  ([GenreId])
);
CREATE TABLE [MediaType]
(
    [MediaTypeId] INTEGER  NOT NULL, -- @ sequence
    [Name] NVARCHAR(120), -- @ weighted|system.mimeType|system.fileType|system.commonFileType|word.noun
    CONSTRAINT [PK_MediaType] PRIMARY KEY  ([MediaTypeId])
);
CREATE TABLE [Track]
(
    [TrackId] INTEGER  NOT NULL, -- @ sequence
    [Name] NVARCHAR(200)  NOT NULL, -- @ music.songName
    [AlbumId] INTEGER, -- @ ref
    [MediaTypeId] INTEGER  NOT NULL, -- @ ref
    [GenreId] INTEGER, -- @ ref
    [Composer] NVARCHAR(220), -- @ person.fullName|music.artist
    [Milliseconds] INTEGER  NOT NULL, -- @ number.int 30000..1200000
    [Bytes] INTEGER, -- @ number.int 100000..100000000
    [UnitPrice] NUMERIC(10,2)  NOT NULL, -- @ $MONEY 0.5..5
    CONSTRAINT [PK_Track] PRIMARY KEY  ([TrackId]),
    FOREIGN KEY ([AlbumId]) REFERENCES [Album] ([AlbumId]),
    FOREIGN KEY ([GenreId]) REFERENCES [Genre] ([GenreId]),
    FOREIGN KEY ([MediaTypeId]) REFERENCES [MediaType] ([MediaTypeId])
);
CREATE TABLE [Employee]
(
    [EmployeeId] INTEGER  NOT NULL, -- @ sequence
    [LastName] NVARCHAR(20)  NOT NULL, -- @ person.lastName
    [FirstName] NVARCHAR(20)  NOT NULL, -- @ person.firstName
    [Title] NVARCHAR(30), -- @ person.jobTitle|person.jobType
    [ReportsTo] INTEGER, -- @ ref
    [BirthDate] DATETIME, -- @ date.birthdate 1940..2008
    [HireDate] DATETIME, -- @ $DATE 1990..2026
    [Address] NVARCHAR(70), -- @ location.streetAddress
    [City] NVARCHAR(40), -- @ location.city
    [State] NVARCHAR(40), -- @ location.state|location.stateAbbr
    [Country] NVARCHAR(40), -- @ location.country
    [PostalCode] NVARCHAR(10), -- @ location.zipCode
    [Phone] NVARCHAR(24), -- @ $PHONE
    [Fax] NVARCHAR(24), -- @ $PHONE
    [Email] NVARCHAR(60), -- @ internet.email
    CONSTRAINT [PK_Employee] PRIMARY KEY  ([EmployeeId]),
    FOREIGN KEY ([ReportsTo]) REFERENCES [Employee] ([EmployeeId])
);
CREATE TABLE [Customer]
(
    [CustomerId] INTEGER  NOT NULL, -- @ sequence
    [FirstName] NVARCHAR(40)  NOT NULL, -- @ person.firstName
    [LastName] NVARCHAR(20)  NOT NULL, -- @ person.lastName
    [Company] NVARCHAR(80), -- @ company.name
    [Address] NVARCHAR(70), -- @ location.streetAddress
    [City] NVARCHAR(40), -- @ location.city
    [State] NVARCHAR(40), -- @ location.state|location.stateAbbr
    [Country] NVARCHAR(40), -- @ location.country
    [PostalCode] NVARCHAR(10), -- @ location.zipCode
    [Phone] NVARCHAR(24), -- @ $PHONE
    [Fax] NVARCHAR(24), -- @ $PHONE
    [Email] NVARCHAR(60)  NOT NULL, -- @ internet.email
    [SupportRepId] INTEGER, -- @ ref
    CONSTRAINT [PK_Customer] PRIMARY KEY  ([CustomerId]),
    FOREIGN KEY ([SupportRepId]) REFERENCES [Employee] ([EmployeeId])
);
CREATE TABLE [Invoice]
(
    [InvoiceId] INTEGER  NOT NULL, -- @ sequence
    [CustomerId] INTEGER  NOT NULL, -- @ ref
    [InvoiceDate] DATETIME  NOT NULL, -- @ $DATE 2005..2026
    [BillingAddress] NVARCHAR(70), -- @ location.streetAddress
    [BillingCity] NVARCHAR(40), -- @ location.city
    [BillingState] NVARCHAR(40), -- @ location.state|location.stateAbbr
    [BillingCountry] NVARCHAR(40), -- @ location.country
    [BillingPostalCode] NVARCHAR(10), -- @ location.zipCode
    [Total] NUMERIC(10,2)  NOT NULL, -- @ $MONEY 0.5..100
    CONSTRAINT [PK_Invoice] PRIMARY KEY  ([InvoiceId]),
    FOREIGN KEY ([CustomerId]) REFERENCES [Customer] ([CustomerId])
);
CREATE TABLE [InvoiceLine]
(
    [InvoiceLineId] INTEGER  NOT NULL, -- @ sequence
    [InvoiceId] INTEGER  NOT NULL, -- @ ref
    [TrackId] INTEGER  NOT NULL, -- @ ref
    [UnitPrice] NUMERIC(10,2)  NOT NULL, -- @ $MONEY 0.5..5
    [Quantity] INTEGER  NOT NULL, -- @ number.int 1..10
    CONSTRAINT [PK_InvoiceLine] PRIMARY KEY  ([InvoiceLineId]),
    FOREIGN KEY ([InvoiceId]) REFERENCES [Invoice] ([InvoiceId]),
    FOREIGN KEY ([TrackId]) REFERENCES [Track] ([TrackId])
);
CREATE TABLE [Playlist]
(
    [PlaylistId] INTEGER  NOT NULL, -- @ sequence
    [Name] NVARCHAR(120), -- @ $WORDS|music.genre|music.album
    CONSTRAINT [PK_Playlist] PRIMARY KEY  ([PlaylistId])
);
CREATE TABLE [PlaylistTrack]
(
    [PlaylistId] INTEGER  NOT NULL, -- @ ref
    [TrackId] INTEGER  NOT NULL, -- @ ref
    CONSTRAINT [PK_PlaylistTrack] PRIMARY KEY  ([PlaylistId], [TrackId]),
    FOREIGN KEY ([PlaylistId]) REFERENCES [Playlist] ([PlaylistId]),
    FOREIGN KEY ([TrackId]) REFERENCES [Track] ([TrackId])
);
