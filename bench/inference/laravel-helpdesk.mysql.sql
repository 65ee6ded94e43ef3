-- `php artisan schema:dump` (mysqldump) of a multi-tenant Laravel helpdesk: tenants, agents, tickets,
-- replies, SLA timestamps, time tracking, invoices; Sanctum tokens and polymorphic attachments.
CREATE TABLE `tenants` (
  `id` bigint unsigned NOT NULL AUTO_INCREMENT, -- @ sequence
  `name` varchar(255) COLLATE utf8mb4_unicode_ci NOT NULL, -- @ company.name
  `subdomain` varchar(63) COLLATE utf8mb4_unicode_ci NOT NULL, -- @ internet.domainWord|lorem.slug
  `plan` varchar(20) COLLATE utf8mb4_unicode_ci NOT NULL DEFAULT 'free', -- @ weighted
  `billing_email` varchar(255) COLLATE utf8mb4_unicode_ci DEFAULT NULL, -- @ internet.email
  `billing_address_line1` varchar(255) COLLATE utf8mb4_unicode_ci DEFAULT NULL, -- @ location.streetAddress
  `billing_city` varchar(100) COLLATE utf8mb4_unicode_ci DEFAULT NULL, -- @ location.city
  `billing_postal_code` varchar(20) COLLATE utf8mb4_unicode_ci DEFAULT NULL, -- @ location.zipCode
  `billing_country` char(2) COLLATE utf8mb4_unicode_ci DEFAULT NULL, -- @ location.countryCode
  `vat_number` varchar(20) COLLATE utf8mb4_unicode_ci DEFAULT NULL, -- @ $CODE
  `trial_ends_at` timestamp NULL DEFAULT NULL, -- @ $DATE 2015..2027
  `created_at` timestamp NULL DEFAULT NULL, -- @ $DATE 2015..2026
  `updated_at` timestamp NULL DEFAULT NULL, -- @ $DATE 2015..2026
  PRIMARY KEY (`id`),
  UNIQUE KEY `tenants_subdomain_unique` (`subdomain`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

CREATE TABLE `users` (
  `id` bigint unsigned NOT NULL AUTO_INCREMENT, -- @ sequence
  `tenant_id` bigint unsigned NOT NULL, -- @ ref
  `name` varchar(255) COLLATE utf8mb4_unicode_ci NOT NULL, -- @ person.fullName
  `email` varchar(255) COLLATE utf8mb4_unicode_ci NOT NULL, -- @ internet.email
  `email_verified_at` timestamp NULL DEFAULT NULL, -- @ $DATE 2015..2026
  `password` varchar(255) COLLATE utf8mb4_unicode_ci NOT NULL, -- @ $HASH
  `remember_token` varchar(100) COLLATE utf8mb4_unicode_ci DEFAULT NULL, -- @ $TOKEN
  `is_agent` tinyint(1) NOT NULL DEFAULT '0', -- @ $FLAG 0..1
  `is_admin` tinyint(1) NOT NULL DEFAULT '0', -- @ $FLAG 0..1
  `job_title` varchar(100) COLLATE utf8mb4_unicode_ci DEFAULT NULL, -- @ person.jobTitle
  `phone` varchar(30) COLLATE utf8mb4_unicode_ci DEFAULT NULL, -- @ $PHONE
  `avatar_path` varchar(255) COLLATE utf8mb4_unicode_ci DEFAULT NULL, -- @ $IMAGE|system.filePath|system.fileName
  `locale` varchar(5) COLLATE utf8mb4_unicode_ci NOT NULL DEFAULT 'en', -- @ weighted|constant|location.language
  `last_login_at` timestamp NULL DEFAULT NULL, -- @ $DATE 2015..2026
  `created_at` timestamp NULL DEFAULT NULL, -- @ $DATE 2015..2026
  `updated_at` timestamp NULL DEFAULT NULL, -- @ $DATE 2015..2026
  `deleted_at` timestamp NULL DEFAULT NULL, -- @ $DATE 2015..2026
  PRIMARY KEY (`id`),
  UNIQUE KEY `users_email_unique` (`email`),
  KEY `users_tenant_id_foreign` (`tenant_id`),
  CONSTRAINT `users_tenant_id_foreign` FOREIGN KEY (`tenant_id`) REFERENCES `tenants` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

CREATE TABLE `tickets` (
  `id` bigint unsigned NOT NULL AUTO_INCREMENT, -- @ sequence
  `tenant_id` bigint unsigned NOT NULL, -- @ ref
  `requester_id` bigint unsigned NOT NULL, -- @ ref
  `assignee_id` bigint unsigned DEFAULT NULL, -- @ ref
  `subject` varchar(255) COLLATE utf8mb4_unicode_ci NOT NULL, -- @ $TITLE|hacker.phrase
  `description` text COLLATE utf8mb4_unicode_ci NOT NULL, -- @ $TEXT
  `status` enum('open','pending','on_hold','solved','closed') COLLATE utf8mb4_unicode_ci NOT NULL DEFAULT 'open', -- @ weighted
  `priority` enum('low','normal','high','urgent') COLLATE utf8mb4_unicode_ci NOT NULL DEFAULT 'normal', -- @ weighted
  `channel` varchar(20) COLLATE utf8mb4_unicode_ci NOT NULL DEFAULT 'email', -- @ weighted
  `first_response_at` timestamp NULL DEFAULT NULL, -- @ $DATE 2015..2026
  `sla_due_at` timestamp NULL DEFAULT NULL, -- @ $DATE 2015..2027
  `resolved_at` timestamp NULL DEFAULT NULL, -- @ $DATE 2015..2026
  `closed_at` timestamp NULL DEFAULT NULL, -- @ $DATE 2015..2026
  `satisfaction_rating` tinyint unsigned DEFAULT NULL, -- @ number.int 1..5
  `created_at` timestamp NULL DEFAULT NULL, -- @ $DATE 2015..2026
  `updated_at` timestamp NULL DEFAULT NULL, -- @ $DATE 2015..2026
  PRIMARY KEY (`id`),
  KEY `tickets_tenant_id_status_index` (`tenant_id`,`status`),
  CONSTRAINT `tickets_tenant_id_foreign` FOREIGN KEY (`tenant_id`) REFERENCES `tenants` (`id`) ON DELETE CASCADE,
  CONSTRAINT `tickets_requester_id_foreign` FOREIGN KEY (`requester_id`) REFERENCES `users` (`id`),
  CONSTRAINT `tickets_assignee_id_foreign` FOREIGN KEY (`assignee_id`) REFERENCES `users` (`id`) ON DELETE SET NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

CREATE TABLE `ticket_replies` (
  `id` bigint unsigned NOT NULL AUTO_INCREMENT, -- @ sequence
  `ticket_id` bigint unsigned NOT NULL, -- @ ref
  `user_id` bigint unsigned NOT NULL, -- @ ref
  `body` longtext COLLATE utf8mb4_unicode_ci NOT NULL, -- @ $TEXT
  `is_internal` tinyint(1) NOT NULL DEFAULT '0', -- @ $FLAG 0..1
  `created_at` timestamp NULL DEFAULT NULL, -- @ $DATE 2015..2026
  `updated_at` timestamp NULL DEFAULT NULL, -- @ $DATE 2015..2026
  PRIMARY KEY (`id`),
  CONSTRAINT `ticket_replies_ticket_id_foreign` FOREIGN KEY (`ticket_id`) REFERENCES `tickets` (`id`) ON DELETE CASCADE,
  CONSTRAINT `ticket_replies_user_id_foreign` FOREIGN KEY (`user_id`) REFERENCES `users` (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

CREATE TABLE `time_entries` (
  `id` bigint unsigned NOT NULL AUTO_INCREMENT, -- @ sequence
  `ticket_id` bigint unsigned NOT NULL, -- @ ref
  `user_id` bigint unsigned NOT NULL, -- @ ref
  `minutes` int unsigned NOT NULL, -- @ number.int 1..600
  `billable` tinyint(1) NOT NULL DEFAULT '1', -- @ $FLAG 0..1
  `hourly_rate` decimal(8,2) DEFAULT NULL, -- @ $MONEY 10..500
  `started_at` timestamp NULL DEFAULT NULL, -- @ $DATE 2015..2026
  `ended_at` timestamp NULL DEFAULT NULL, -- @ $DATE 2015..2026
  `note` varchar(500) COLLATE utf8mb4_unicode_ci DEFAULT NULL, -- @ $TEXT
  PRIMARY KEY (`id`),
  CONSTRAINT `time_entries_ticket_id_foreign` FOREIGN KEY (`ticket_id`) REFERENCES `tickets` (`id`) ON DELETE CASCADE,
  CONSTRAINT `time_entries_user_id_foreign` FOREIGN KEY (`user_id`) REFERENCES `users` (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

CREATE TABLE `attachments` (
  `id` bigint unsigned NOT NULL AUTO_INCREMENT, -- @ sequence
  `attachable_type` varchar(255) COLLATE utf8mb4_unicode_ci NOT NULL, -- @ weighted|constant
  `attachable_id` bigint unsigned NOT NULL, -- @ number.int|ref
  `disk` varchar(20) COLLATE utf8mb4_unicode_ci NOT NULL DEFAULT 'local', -- @ weighted|constant
  `path` varchar(255) COLLATE utf8mb4_unicode_ci NOT NULL, -- @ system.filePath
  `original_name` varchar(255) COLLATE utf8mb4_unicode_ci NOT NULL, -- @ system.fileName|system.commonFileName
  `mime_type` varchar(100) COLLATE utf8mb4_unicode_ci NOT NULL, -- @ system.mimeType
  `size` bigint unsigned NOT NULL, -- @ number.int 1..100000000
  `created_at` timestamp NULL DEFAULT NULL, -- @ $DATE 2015..2026
  PRIMARY KEY (`id`),
  KEY `attachments_attachable_type_attachable_id_index` (`attachable_type`,`attachable_id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

CREATE TABLE `invoices` (
  `id` bigint unsigned NOT NULL AUTO_INCREMENT, -- @ sequence
  `tenant_id` bigint unsigned NOT NULL, -- @ ref
  `number` varchar(30) COLLATE utf8mb4_unicode_ci NOT NULL, -- @ $CODE
  `total` decimal(10,2) NOT NULL, -- @ $MONEY 1..100000
  `tax` decimal(10,2) NOT NULL DEFAULT '0.00', -- @ $MONEY 0..20000
  `currency` char(3) COLLATE utf8mb4_unicode_ci NOT NULL DEFAULT 'EUR', -- @ finance.currencyCode|weighted|constant
  `issued_on` date NOT NULL, -- @ $DATE 2015..2026
  `due_on` date NOT NULL, -- @ $DATE 2015..2027
  `paid_at` timestamp NULL DEFAULT NULL, -- @ $DATE 2015..2027
  PRIMARY KEY (`id`),
  UNIQUE KEY `invoices_number_unique` (`number`),
  CONSTRAINT `invoices_tenant_id_foreign` FOREIGN KEY (`tenant_id`) REFERENCES `tenants` (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

CREATE TABLE `personal_access_tokens` (
  `id` bigint unsigned NOT NULL AUTO_INCREMENT, -- @ sequence
  `tokenable_type` varchar(255) COLLATE utf8mb4_unicode_ci NOT NULL, -- @ weighted|constant
  `tokenable_id` bigint unsigned NOT NULL, -- @ number.int|ref
  `name` varchar(255) COLLATE utf8mb4_unicode_ci NOT NULL, -- @ $WORDS|word.noun
  `token` varchar(64) COLLATE utf8mb4_unicode_ci NOT NULL, -- @ $TOKEN
  `abilities` text COLLATE utf8mb4_unicode_ci, -- @ $JSON|weighted|constant|$WORDS
  `last_used_at` timestamp NULL DEFAULT NULL, -- @ $DATE 2015..2026
  `expires_at` timestamp NULL DEFAULT NULL, -- @ $DATE 2015..2030
  `created_at` timestamp NULL DEFAULT NULL, -- @ $DATE 2015..2026
  `updated_at` timestamp NULL DEFAULT NULL, -- @ $DATE 2015..2026
  PRIMARY KEY (`id`),
  UNIQUE KEY `personal_access_tokens_token_unique` (`token`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;

CREATE TABLE `failed_jobs` (
  `id` bigint unsigned NOT NULL AUTO_INCREMENT, -- @ sequence
  `uuid` varchar(255) COLLATE utf8mb4_unicode_ci NOT NULL, -- @ string.uuid|uuid
  `connection` text COLLATE utf8mb4_unicode_ci NOT NULL, -- @ weighted|constant|word.noun|lorem.word
  `queue` text COLLATE utf8mb4_unicode_ci NOT NULL, -- @ weighted|constant|word.noun|lorem.word
  `payload` longtext COLLATE utf8mb4_unicode_ci NOT NULL, -- @ $JSON|$TEXT
  `exception` longtext COLLATE utf8mb4_unicode_ci NOT NULL, -- @ $TEXT
  `failed_at` timestamp NOT NULL DEFAULT CURRENT_TIMESTAMP, -- @ $DATE 2015..2026
  PRIMARY KEY (`id`),
  UNIQUE KEY `failed_jobs_uuid_unique` (`uuid`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;
