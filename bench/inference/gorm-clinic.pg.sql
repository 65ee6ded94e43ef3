-- A Go service's schema as GORM AutoMigrate creates it in PostgreSQL (a clinic: patients, practitioners,
-- appointments, prescriptions, invoices). Written and labelled after the inference rules, as a held-out check.
CREATE TABLE "patients" (
  "id" bigserial, -- @ sequence
  "created_at" timestamptz, -- @ $DATE 2015..2026
  "updated_at" timestamptz, -- @ $DATE 2015..2026
  "deleted_at" timestamptz, -- @ $DATE 2015..2026
  "given_name" text NOT NULL, -- @ person.firstName
  "family_name" text NOT NULL, -- @ person.lastName
  "date_of_birth" date NOT NULL, -- @ date.birthdate 1920..2026
  "sex" varchar(1), -- @ weighted|person.sex
  "mobile" varchar(20), -- @ $PHONE
  "email" text, -- @ internet.email
  "street" text, -- @ location.streetAddress
  "suburb" text, -- @ location.city|location.county
  "postcode" varchar(8), -- @ location.zipCode
  "insurance_number" varchar(20), -- @ $CODE
  "emergency_contact_name" text, -- @ person.fullName
  "emergency_contact_phone" varchar(20), -- @ $PHONE
  PRIMARY KEY ("id")
);
CREATE TABLE "practitioners" (
  "id" bigserial, -- @ sequence
  "created_at" timestamptz, -- @ $DATE 2015..2026
  "full_name" text NOT NULL, -- @ person.fullName
  "specialty" text, -- @ weighted|person.jobArea|person.jobTitle|person.jobType
  "licence_no" varchar(12), -- @ $CODE
  "hourly_rate" numeric(8,2), -- @ $MONEY 20..500
  "active" boolean DEFAULT true, -- @ $BOOL
  PRIMARY KEY ("id")
);
CREATE TABLE "appointments" (
  "id" bigserial, -- @ sequence
  "created_at" timestamptz, -- @ $DATE 2015..2026
  "patient_id" bigint NOT NULL, -- @ ref
  "practitioner_id" bigint NOT NULL, -- @ ref
  "starts_at" timestamptz NOT NULL, -- @ $DATE 2015..2027
  "ends_at" timestamptz NOT NULL, -- @ $DATE 2015..2027
  "status" text NOT NULL DEFAULT 'booked', -- @ weighted
  "reason" text, -- @ $TEXT
  "notes" text, -- @ $TEXT
  "no_show" boolean NOT NULL DEFAULT false, -- @ $BOOL
  PRIMARY KEY ("id"),
  CONSTRAINT "fk_appointments_patient" FOREIGN KEY ("patient_id") REFERENCES "patients"("id"),
  CONSTRAINT "fk_appointments_practitioner" FOREIGN KEY ("practitioner_id") REFERENCES "practitioners"("id")
);
CREATE TABLE "prescriptions" (
  "id" bigserial, -- @ sequence
  "appointment_id" bigint NOT NULL, -- @ ref
  "drug_name" text NOT NULL, -- @ $WORDS|science.chemicalElement|commerce.productName
  "dose_mg" integer, -- @ number.int 1..2000
  "repeats" smallint DEFAULT 0, -- @ number.int 0..12
  "issued_on" date NOT NULL, -- @ $DATE 2015..2027
  "expires_on" date, -- @ $DATE 2015..2030
  PRIMARY KEY ("id"),
  CONSTRAINT "fk_prescriptions_appointment" FOREIGN KEY ("appointment_id") REFERENCES "appointments"("id")
);
CREATE TABLE "invoices" (
  "id" bigserial, -- @ sequence
  "appointment_id" bigint NOT NULL, -- @ ref
  "invoice_number" varchar(16) NOT NULL, -- @ $CODE
  "amount_cents" bigint NOT NULL, -- @ number.int 100..1000000
  "gst_cents" bigint NOT NULL DEFAULT 0, -- @ number.int 0..200000
  "currency" char(3) NOT NULL DEFAULT 'AUD', -- @ finance.currencyCode|weighted|constant
  "issued_at" timestamptz NOT NULL, -- @ $DATE 2015..2027
  "paid_at" timestamptz, -- @ $DATE 2015..2027
  "payment_method" text, -- @ weighted|finance.transactionType
  PRIMARY KEY ("id"),
  CONSTRAINT "fk_invoices_appointment" FOREIGN KEY ("appointment_id") REFERENCES "appointments"("id")
);
CREATE UNIQUE INDEX "idx_invoices_invoice_number" ON "invoices" ("invoice_number");
CREATE INDEX "idx_patients_deleted_at" ON "patients" ("deleted_at");
