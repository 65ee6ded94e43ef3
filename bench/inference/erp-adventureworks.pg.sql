-- An ERP sample in AdventureWorks' style, as its PostgreSQL port writes it: PascalCase names in
-- schemas per area, char codes, flags as booleans, money as numeric.
CREATE SCHEMA person;
CREATE SCHEMA humanresources;
CREATE SCHEMA production;
CREATE SCHEMA sales;

CREATE TABLE person.countryregion (
    countryregioncode varchar(3) NOT NULL, -- @ location.countryCode
    name varchar(50) NOT NULL, -- @ location.country
    modifieddate timestamp NOT NULL DEFAULT now(), -- @ $DATE 2005..2026
    CONSTRAINT pk_countryregion PRIMARY KEY (countryregioncode)
);

CREATE TABLE person.stateprovince (
    stateprovinceid serial NOT NULL, -- @ sequence
    stateprovincecode char(3) NOT NULL, -- @ location.stateAbbr
    countryregioncode varchar(3) NOT NULL, -- @ ref
    isonlystateprovinceflag boolean NOT NULL DEFAULT true, -- @ $BOOL
    name varchar(50) NOT NULL, -- @ location.state
    modifieddate timestamp NOT NULL DEFAULT now(), -- @ $DATE 2005..2026
    CONSTRAINT pk_stateprovince PRIMARY KEY (stateprovinceid),
    CONSTRAINT fk_stateprovince_country FOREIGN KEY (countryregioncode) REFERENCES person.countryregion (countryregioncode)
);

CREATE TABLE person.address (
    addressid serial NOT NULL, -- @ sequence
    addressline1 varchar(60) NOT NULL, -- @ location.streetAddress
    addressline2 varchar(60), -- @ location.secondaryAddress
    city varchar(30) NOT NULL, -- @ location.city
    stateprovinceid integer NOT NULL, -- @ ref
    postalcode varchar(15) NOT NULL, -- @ location.zipCode
    modifieddate timestamp NOT NULL DEFAULT now(), -- @ $DATE 2005..2026
    CONSTRAINT pk_address PRIMARY KEY (addressid),
    CONSTRAINT fk_address_stateprovince FOREIGN KEY (stateprovinceid) REFERENCES person.stateprovince (stateprovinceid)
);

CREATE TABLE person.person (
    businessentityid serial NOT NULL, -- @ sequence
    persontype char(2) NOT NULL, -- @ weighted
    namestyle boolean NOT NULL DEFAULT false, -- @ $BOOL
    title varchar(8), -- @ person.prefix
    firstname varchar(50) NOT NULL, -- @ person.firstName
    middlename varchar(50), -- @ person.middleName|person.firstName
    lastname varchar(50) NOT NULL, -- @ person.lastName
    suffix varchar(10), -- @ person.suffix
    emailpromotion integer NOT NULL DEFAULT 0, -- @ number.int|weighted 0..2
    modifieddate timestamp NOT NULL DEFAULT now(), -- @ $DATE 2005..2026
    CONSTRAINT pk_person PRIMARY KEY (businessentityid),
    CONSTRAINT ck_person_emailpromotion CHECK (emailpromotion >= 0 AND emailpromotion <= 2),
    CONSTRAINT ck_person_persontype CHECK (persontype IN ('SC', 'VC', 'IN', 'EM', 'SP', 'GC'))
);

CREATE TABLE person.emailaddress (
    businessentityid integer NOT NULL, -- @ ref
    emailaddressid serial NOT NULL, -- @ sequence
    emailaddress varchar(50), -- @ internet.email
    modifieddate timestamp NOT NULL DEFAULT now(), -- @ $DATE 2005..2026
    CONSTRAINT pk_emailaddress PRIMARY KEY (businessentityid, emailaddressid),
    CONSTRAINT fk_emailaddress_person FOREIGN KEY (businessentityid) REFERENCES person.person (businessentityid)
);

CREATE TABLE person.personphone (
    businessentityid integer NOT NULL, -- @ ref
    phonenumber varchar(25) NOT NULL, -- @ $PHONE
    modifieddate timestamp NOT NULL DEFAULT now(), -- @ $DATE 2005..2026
    CONSTRAINT pk_personphone PRIMARY KEY (businessentityid, phonenumber),
    CONSTRAINT fk_personphone_person FOREIGN KEY (businessentityid) REFERENCES person.person (businessentityid)
);

CREATE TABLE humanresources.department (
    departmentid smallserial NOT NULL, -- @ sequence
    name varchar(50) NOT NULL, -- @ commerce.department|person.jobArea|weighted
    groupname varchar(50) NOT NULL, -- @ weighted|person.jobArea|commerce.department|word.noun
    modifieddate timestamp NOT NULL DEFAULT now(), -- @ $DATE 2005..2026
    CONSTRAINT pk_department PRIMARY KEY (departmentid)
);

CREATE TABLE humanresources.employee (
    businessentityid integer NOT NULL, -- @ ref
    nationalidnumber varchar(15) NOT NULL, -- @ $CODE
    loginid varchar(256) NOT NULL, -- @ internet.username
    jobtitle varchar(50) NOT NULL, -- @ person.jobTitle
    birthdate date NOT NULL, -- @ date.birthdate 1940..2008
    maritalstatus char(1) NOT NULL, -- @ weighted
    gender char(1) NOT NULL, -- @ weighted
    hiredate date NOT NULL, -- @ $DATE 1990..2026
    salariedflag boolean NOT NULL DEFAULT true, -- @ $BOOL
    vacationhours smallint NOT NULL DEFAULT 0, -- @ number.int 0..240
    sickleavehours smallint NOT NULL DEFAULT 0, -- @ number.int 0..120
    currentflag boolean NOT NULL DEFAULT true, -- @ $BOOL
    modifieddate timestamp NOT NULL DEFAULT now(), -- @ $DATE 2005..2026
    CONSTRAINT pk_employee PRIMARY KEY (businessentityid),
    CONSTRAINT fk_employee_person FOREIGN KEY (businessentityid) REFERENCES person.person (businessentityid),
    CONSTRAINT ck_employee_gender CHECK (upper(gender) IN ('M', 'F')),
    CONSTRAINT ck_employee_maritalstatus CHECK (upper(maritalstatus) IN ('M', 'S'))
);

CREATE TABLE humanresources.employeepayhistory (
    businessentityid integer NOT NULL, -- @ ref
    ratechangedate timestamp NOT NULL, -- @ $DATE 1990..2026
    rate numeric(19,4) NOT NULL, -- @ $MONEY 6.5..200
    payfrequency smallint NOT NULL, -- @ weighted|number.int 1..2
    modifieddate timestamp NOT NULL DEFAULT now(), -- @ $DATE 2005..2026
    CONSTRAINT pk_employeepayhistory PRIMARY KEY (businessentityid, ratechangedate),
    CONSTRAINT fk_employeepayhistory_employee FOREIGN KEY (businessentityid) REFERENCES humanresources.employee (businessentityid),
    CONSTRAINT ck_employeepayhistory_payfrequency CHECK (payfrequency IN (1, 2)),
    CONSTRAINT ck_employeepayhistory_rate CHECK (rate >= 6.50 AND rate <= 200.00)
);

CREATE TABLE production.productcategory (
    productcategoryid serial NOT NULL, -- @ sequence
    name varchar(50) NOT NULL, -- @ commerce.department|word.noun
    modifieddate timestamp NOT NULL DEFAULT now(), -- @ $DATE 2005..2026
    CONSTRAINT pk_productcategory PRIMARY KEY (productcategoryid)
);

CREATE TABLE production.product (
    productid serial NOT NULL, -- @ sequence
    name varchar(50) NOT NULL, -- @ commerce.productName|commerce.product
    productnumber varchar(25) NOT NULL, -- @ $CODE
    makeflag boolean NOT NULL DEFAULT true, -- @ $BOOL
    finishedgoodsflag boolean NOT NULL DEFAULT true, -- @ $BOOL
    color varchar(15), -- @ color.human
    safetystocklevel smallint NOT NULL, -- @ number.int 1..2000
    reorderpoint smallint NOT NULL, -- @ number.int 1..2000
    standardcost numeric(19,4) NOT NULL, -- @ $MONEY 0.1..5000
    listprice numeric(19,4) NOT NULL, -- @ $MONEY 0.5..10000
    size varchar(5), -- @ weighted|$CODE
    weight numeric(8,2), -- @ number.float 0.01..2000
    daystomanufacture integer NOT NULL, -- @ number.int 0..60
    productcategoryid integer, -- @ ref
    sellstartdate timestamp NOT NULL, -- @ $DATE 2005..2026
    sellenddate timestamp, -- @ $DATE 2005..2028
    discontinueddate timestamp, -- @ $DATE 2005..2028
    CONSTRAINT pk_product PRIMARY KEY (productid),
    CONSTRAINT fk_product_category FOREIGN KEY (productcategoryid) REFERENCES production.productcategory (productcategoryid),
    CONSTRAINT ck_product_listprice CHECK (listprice >= 0.00),
    CONSTRAINT ck_product_sellenddate CHECK (sellenddate >= sellstartdate OR sellenddate IS NULL)
);

CREATE TABLE sales.currency (
    currencycode char(3) NOT NULL, -- @ finance.currencyCode
    name varchar(50) NOT NULL, -- @ finance.currencyName
    modifieddate timestamp NOT NULL DEFAULT now(), -- @ $DATE 2005..2026
    CONSTRAINT pk_currency PRIMARY KEY (currencycode)
);

CREATE TABLE sales.creditcard (
    creditcardid serial NOT NULL, -- @ sequence
    cardtype varchar(50) NOT NULL, -- @ finance.creditCardIssuer|weighted
    cardnumber varchar(25) NOT NULL, -- @ finance.creditCardNumber
    expmonth smallint NOT NULL, -- @ number.int 1..12
    expyear smallint NOT NULL, -- @ number.int 2000..2040
    modifieddate timestamp NOT NULL DEFAULT now(), -- @ $DATE 2005..2026
    CONSTRAINT pk_creditcard PRIMARY KEY (creditcardid)
);

CREATE TABLE sales.customer (
    customerid serial NOT NULL, -- @ sequence
    personid integer, -- @ ref
    accountnumber varchar(10) NOT NULL, -- @ $CODE|finance.accountNumber
    modifieddate timestamp NOT NULL DEFAULT now(), -- @ $DATE 2005..2026
    CONSTRAINT pk_customer PRIMARY KEY (customerid),
    CONSTRAINT fk_customer_person FOREIGN KEY (personid) REFERENCES person.person (businessentityid)
);

CREATE TABLE sales.salesorderheader (
    salesorderid serial NOT NULL, -- @ sequence
    revisionnumber smallint NOT NULL DEFAULT 0, -- @ number.int 0..20
    orderdate timestamp NOT NULL DEFAULT now(), -- @ $DATE 2005..2026
    duedate timestamp NOT NULL, -- @ $DATE 2005..2027
    shipdate timestamp, -- @ $DATE 2005..2027
    status smallint NOT NULL DEFAULT 1, -- @ number.int|weighted 1..6
    onlineorderflag boolean NOT NULL DEFAULT true, -- @ $BOOL
    purchaseordernumber varchar(25), -- @ $CODE
    customerid integer NOT NULL, -- @ ref
    billtoaddressid integer NOT NULL, -- @ ref
    shiptoaddressid integer NOT NULL, -- @ ref
    creditcardid integer, -- @ ref
    creditcardapprovalcode varchar(15), -- @ $CODE
    currencycode char(3), -- @ ref|finance.currencyCode
    subtotal numeric(19,4) NOT NULL DEFAULT 0.00, -- @ $MONEY 0..100000
    taxamt numeric(19,4) NOT NULL DEFAULT 0.00, -- @ $MONEY 0..20000
    freight numeric(19,4) NOT NULL DEFAULT 0.00, -- @ $MONEY 0..2000
    totaldue numeric(19,4), -- @ $MONEY 0..120000
    comment varchar(128), -- @ $TEXT
    CONSTRAINT pk_salesorderheader PRIMARY KEY (salesorderid),
    CONSTRAINT fk_soh_customer FOREIGN KEY (customerid) REFERENCES sales.customer (customerid),
    CONSTRAINT fk_soh_billto FOREIGN KEY (billtoaddressid) REFERENCES person.address (addressid),
    CONSTRAINT fk_soh_shipto FOREIGN KEY (shiptoaddressid) REFERENCES person.address (addressid),
    CONSTRAINT fk_soh_creditcard FOREIGN KEY (creditcardid) REFERENCES sales.creditcard (creditcardid),
    CONSTRAINT fk_soh_currency FOREIGN KEY (currencycode) REFERENCES sales.currency (currencycode),
    CONSTRAINT ck_soh_status CHECK (status >= 0 AND status <= 8),
    CONSTRAINT ck_soh_duedate CHECK (duedate >= orderdate)
);

CREATE TABLE sales.salesorderdetail (
    salesorderid integer NOT NULL, -- @ ref
    salesorderdetailid serial NOT NULL, -- @ sequence
    carriertrackingnumber varchar(25), -- @ $CODE
    orderqty smallint NOT NULL, -- @ number.int 1..100
    productid integer NOT NULL, -- @ ref
    unitprice numeric(19,4) NOT NULL, -- @ $MONEY 0.5..10000
    unitpricediscount numeric(19,4) NOT NULL DEFAULT 0.0, -- @ number.float|$MONEY 0..1
    CONSTRAINT pk_salesorderdetail PRIMARY KEY (salesorderid, salesorderdetailid),
    CONSTRAINT fk_sod_header FOREIGN KEY (salesorderid) REFERENCES sales.salesorderheader (salesorderid),
    CONSTRAINT fk_sod_product FOREIGN KEY (productid) REFERENCES production.product (productid),
    CONSTRAINT ck_sod_orderqty CHECK (orderqty > 0)
);
