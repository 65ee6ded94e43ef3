-- Oracle's HR sample schema as ported to PostgreSQL by hand (NUMBER → numeric, VARCHAR2 → varchar).
CREATE TABLE regions (
    region_id integer NOT NULL PRIMARY KEY, -- @ sequence
    region_name varchar(25) -- @ location.continent|weighted|location.state
);
CREATE TABLE countries (
    country_id char(2) NOT NULL PRIMARY KEY, -- @ location.countryCode
    country_name varchar(40), -- @ location.country
    region_id integer REFERENCES regions (region_id) -- @ ref
);
CREATE TABLE locations (
    location_id numeric(4) NOT NULL PRIMARY KEY, -- @ sequence
    street_address varchar(40), -- @ location.streetAddress
    postal_code varchar(12), -- @ location.zipCode
    city varchar(30) NOT NULL, -- @ location.city
    state_province varchar(25), -- @ location.state
    country_id char(2) REFERENCES countries (country_id) -- @ ref
);
CREATE TABLE departments (
    department_id numeric(4) NOT NULL PRIMARY KEY, -- @ sequence
    department_name varchar(30) NOT NULL, -- @ commerce.department|person.jobArea
    manager_id numeric(6), -- @ ref|number.int
    location_id numeric(4) REFERENCES locations (location_id) -- @ ref
);
CREATE TABLE jobs (
    job_id varchar(10) NOT NULL PRIMARY KEY, -- @ $CODE
    job_title varchar(35) NOT NULL, -- @ person.jobTitle
    min_salary numeric(6), -- @ $MONEY 1000..400000
    max_salary numeric(6) -- @ $MONEY 1000..999999
);
CREATE TABLE employees (
    employee_id numeric(6) NOT NULL PRIMARY KEY, -- @ sequence
    first_name varchar(20), -- @ person.firstName
    last_name varchar(25) NOT NULL, -- @ person.lastName
    email varchar(25) NOT NULL UNIQUE, -- @ internet.email|internet.username
    phone_number varchar(20), -- @ $PHONE
    hire_date date NOT NULL, -- @ $DATE 1985..2026
    job_id varchar(10) NOT NULL REFERENCES jobs (job_id), -- @ ref
    salary numeric(8,2) CHECK (salary > 0), -- @ $MONEY 1000..400000
    commission_pct numeric(2,2), -- @ number.float 0..0.99
    manager_id numeric(6) REFERENCES employees (employee_id), -- @ ref
    department_id numeric(4) REFERENCES departments (department_id) -- @ ref
);
CREATE TABLE job_history (
    employee_id numeric(6) NOT NULL REFERENCES employees (employee_id), -- @ ref
    start_date date NOT NULL, -- @ $DATE 1985..2026
    end_date date NOT NULL, -- @ $DATE 1985..2026
    job_id varchar(10) NOT NULL REFERENCES jobs (job_id), -- @ ref
    department_id numeric(4) REFERENCES departments (department_id), -- @ ref
    PRIMARY KEY (employee_id, start_date),
    CONSTRAINT jhist_date_interval CHECK (end_date > start_date)
);
