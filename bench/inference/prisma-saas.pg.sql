-- prisma/migrations/20240301120000_init/migration.sql of a multi-tenant SaaS (Next.js + NextAuth + Stripe).
-- CreateEnum
CREATE TYPE "Role" AS ENUM ('OWNER', 'ADMIN', 'MEMBER', 'VIEWER');

-- CreateEnum
CREATE TYPE "SubscriptionStatus" AS ENUM ('trialing', 'active', 'past_due', 'canceled', 'unpaid');

-- CreateTable
CREATE TABLE "User" (
    "id" TEXT NOT NULL, -- @ $KEY
    "name" TEXT, -- @ person.fullName
    "email" TEXT NOT NULL, -- @ internet.email
    "emailVerified" TIMESTAMP(3), -- @ $DATE 2015..2026
    "image" TEXT, -- @ $IMAGE
    "hashedPassword" TEXT, -- @ $HASH
    "locale" TEXT NOT NULL DEFAULT 'en', -- @ weighted|location.language|constant
    "timezone" TEXT, -- @ location.timeZone
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP, -- @ $DATE 2015..2026
    "updatedAt" TIMESTAMP(3) NOT NULL, -- @ $DATE 2015..2026

    CONSTRAINT "User_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Account" (
    "id" TEXT NOT NULL, -- @ $KEY
    "userId" TEXT NOT NULL, -- @ ref
    "type" TEXT NOT NULL, -- @ weighted|constant
    "provider" TEXT NOT NULL, -- @ weighted|constant
    "providerAccountId" TEXT NOT NULL, -- @ $TOKEN|$CODE
    "refresh_token" TEXT, -- @ $TOKEN
    "access_token" TEXT, -- @ $TOKEN
    "expires_at" INTEGER, -- @ number.int 1400000000..2000000000
    "token_type" TEXT, -- @ weighted|constant
    "scope" TEXT, -- @ weighted|constant|lorem.words
    "id_token" TEXT, -- @ $TOKEN
    "session_state" TEXT, -- @ $TOKEN|weighted

    CONSTRAINT "Account_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Session" (
    "id" TEXT NOT NULL, -- @ $KEY
    "sessionToken" TEXT NOT NULL, -- @ $TOKEN
    "userId" TEXT NOT NULL, -- @ ref
    "expires" TIMESTAMP(3) NOT NULL, -- @ $DATE 2015..2027

    CONSTRAINT "Session_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Organization" (
    "id" TEXT NOT NULL, -- @ $KEY
    "name" TEXT NOT NULL, -- @ company.name
    "slug" TEXT NOT NULL, -- @ lorem.slug|internet.domainWord
    "logoUrl" TEXT, -- @ $IMAGE
    "billingEmail" TEXT, -- @ internet.email
    "stripeCustomerId" TEXT, -- @ $TOKEN
    "seats" INTEGER NOT NULL DEFAULT 1, -- @ number.int 1..1000
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP, -- @ $DATE 2015..2026
    "updatedAt" TIMESTAMP(3) NOT NULL, -- @ $DATE 2015..2026

    CONSTRAINT "Organization_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Membership" (
    "id" TEXT NOT NULL, -- @ $KEY
    "organizationId" TEXT NOT NULL, -- @ ref
    "userId" TEXT NOT NULL, -- @ ref
    "role" "Role" NOT NULL DEFAULT 'MEMBER', -- @ weighted
    "invitedAt" TIMESTAMP(3), -- @ $DATE 2015..2026
    "acceptedAt" TIMESTAMP(3), -- @ $DATE 2015..2026

    CONSTRAINT "Membership_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Project" (
    "id" TEXT NOT NULL, -- @ $KEY
    "organizationId" TEXT NOT NULL, -- @ ref
    "name" TEXT NOT NULL, -- @ $WORDS|company.buzzPhrase|commerce.productName|app.name|hacker.phrase|company.catchPhrase
    "description" TEXT, -- @ $TEXT
    "archived" BOOLEAN NOT NULL DEFAULT false, -- @ $BOOL
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP, -- @ $DATE 2015..2026

    CONSTRAINT "Project_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Subscription" (
    "id" TEXT NOT NULL, -- @ $KEY
    "organizationId" TEXT NOT NULL, -- @ ref
    "status" "SubscriptionStatus" NOT NULL, -- @ weighted
    "priceId" TEXT NOT NULL, -- @ $TOKEN|$CODE|weighted
    "quantity" INTEGER NOT NULL DEFAULT 1, -- @ number.int 1..1000
    "cancelAtPeriodEnd" BOOLEAN NOT NULL DEFAULT false, -- @ $BOOL
    "currentPeriodStart" TIMESTAMP(3) NOT NULL, -- @ $DATE 2015..2027
    "currentPeriodEnd" TIMESTAMP(3) NOT NULL, -- @ $DATE 2015..2027
    "trialEndsAt" TIMESTAMP(3), -- @ $DATE 2015..2027
    "canceledAt" TIMESTAMP(3), -- @ $DATE 2015..2027

    CONSTRAINT "Subscription_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Invoice" (
    "id" TEXT NOT NULL, -- @ $KEY
    "organizationId" TEXT NOT NULL, -- @ ref
    "number" TEXT NOT NULL, -- @ $CODE
    "amountDue" INTEGER NOT NULL, -- @ number.int 0..10000000
    "amountPaid" INTEGER NOT NULL, -- @ number.int 0..10000000
    "currency" TEXT NOT NULL DEFAULT 'usd', -- @ finance.currencyCode|weighted|constant
    "status" TEXT NOT NULL, -- @ weighted
    "hostedInvoiceUrl" TEXT, -- @ internet.url
    "periodStart" TIMESTAMP(3) NOT NULL, -- @ $DATE 2015..2027
    "periodEnd" TIMESTAMP(3) NOT NULL, -- @ $DATE 2015..2027
    "paidAt" TIMESTAMP(3), -- @ $DATE 2015..2027

    CONSTRAINT "Invoice_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ApiKey" (
    "id" TEXT NOT NULL, -- @ $KEY
    "organizationId" TEXT NOT NULL, -- @ ref
    "name" TEXT NOT NULL, -- @ $WORDS|word.noun
    "hashedKey" TEXT NOT NULL, -- @ $HASH|$TOKEN
    "prefix" TEXT NOT NULL, -- @ $CODE|$TOKEN
    "lastUsedAt" TIMESTAMP(3), -- @ $DATE 2015..2027
    "expiresAt" TIMESTAMP(3), -- @ $DATE 2015..2030
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP, -- @ $DATE 2015..2026

    CONSTRAINT "ApiKey_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AuditLog" (
    "id" TEXT NOT NULL, -- @ $KEY
    "organizationId" TEXT NOT NULL, -- @ ref
    "actorId" TEXT, -- @ ref
    "action" TEXT NOT NULL, -- @ weighted|hacker.verb|word.verb
    "targetType" TEXT, -- @ weighted|constant
    "targetId" TEXT, -- @ $KEY|ref
    "ipAddress" TEXT, -- @ $IP
    "userAgent" TEXT, -- @ internet.userAgent
    "metadata" JSONB, -- @ $JSON
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP, -- @ $DATE 2015..2026

    CONSTRAINT "AuditLog_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "User_email_key" ON "User"("email");
CREATE UNIQUE INDEX "Account_provider_providerAccountId_key" ON "Account"("provider", "providerAccountId");
CREATE UNIQUE INDEX "Session_sessionToken_key" ON "Session"("sessionToken");
CREATE UNIQUE INDEX "Organization_slug_key" ON "Organization"("slug");
CREATE UNIQUE INDEX "Membership_organizationId_userId_key" ON "Membership"("organizationId", "userId");
CREATE UNIQUE INDEX "Invoice_number_key" ON "Invoice"("number");
CREATE UNIQUE INDEX "ApiKey_hashedKey_key" ON "ApiKey"("hashedKey");

-- AddForeignKey
ALTER TABLE "Account" ADD CONSTRAINT "Account_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "Session" ADD CONSTRAINT "Session_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "Membership" ADD CONSTRAINT "Membership_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "Membership" ADD CONSTRAINT "Membership_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "Project" ADD CONSTRAINT "Project_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "Subscription" ADD CONSTRAINT "Subscription_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "Invoice" ADD CONSTRAINT "Invoice_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "ApiKey" ADD CONSTRAINT "ApiKey_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "AuditLog" ADD CONSTRAINT "AuditLog_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "AuditLog" ADD CONSTRAINT "AuditLog_actorId_fkey" FOREIGN KEY ("actorId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;
