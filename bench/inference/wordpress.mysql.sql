-- mysqldump --no-data of a WordPress 6 site with WooCommerce's customer lookup table.
/*!40101 SET NAMES utf8mb4 */;
CREATE TABLE `wp_users` (
  `ID` bigint(20) unsigned NOT NULL AUTO_INCREMENT, -- @ sequence
  `user_login` varchar(60) NOT NULL DEFAULT '', -- @ internet.username
  `user_pass` varchar(255) NOT NULL DEFAULT '', -- @ $HASH
  `user_nicename` varchar(50) NOT NULL DEFAULT '', -- @ internet.username|lorem.slug
  `user_email` varchar(100) NOT NULL DEFAULT '', -- @ internet.email
  `user_url` varchar(100) NOT NULL DEFAULT '', -- @ internet.url
  `user_registered` datetime NOT NULL DEFAULT '0000-00-00 00:00:00', -- @ $DATE 2005..2026
  `user_activation_key` varchar(255) NOT NULL DEFAULT '', -- @ $TOKEN
  `user_status` int(11) NOT NULL DEFAULT '0', -- @ number.int|weighted|constant 0..2
  `display_name` varchar(250) NOT NULL DEFAULT '', -- @ internet.displayName|person.fullName
  PRIMARY KEY (`ID`),
  KEY `user_login_key` (`user_login`),
  KEY `user_nicename` (`user_nicename`),
  KEY `user_email` (`user_email`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_520_ci;

CREATE TABLE `wp_posts` (
  `ID` bigint(20) unsigned NOT NULL AUTO_INCREMENT, -- @ sequence
  `post_author` bigint(20) unsigned NOT NULL DEFAULT '0', -- @ ref|number.int
  `post_date` datetime NOT NULL DEFAULT '0000-00-00 00:00:00', -- @ $DATE 2005..2026
  `post_date_gmt` datetime NOT NULL DEFAULT '0000-00-00 00:00:00', -- @ $DATE 2005..2026
  `post_content` longtext NOT NULL, -- @ $TEXT
  `post_title` text NOT NULL, -- @ $TITLE
  `post_excerpt` text NOT NULL, -- @ $TEXT
  `post_status` varchar(20) NOT NULL DEFAULT 'publish', -- @ weighted
  `comment_status` varchar(20) NOT NULL DEFAULT 'open', -- @ weighted
  `ping_status` varchar(20) NOT NULL DEFAULT 'open', -- @ weighted
  `post_password` varchar(255) NOT NULL DEFAULT '', -- @ internet.password|constant
  `post_name` varchar(200) NOT NULL DEFAULT '', -- @ lorem.slug
  `to_ping` text NOT NULL, -- @ internet.url|constant|$TEXT
  `pinged` text NOT NULL, -- @ internet.url|constant|$TEXT
  `post_modified` datetime NOT NULL DEFAULT '0000-00-00 00:00:00', -- @ $DATE 2005..2026
  `post_modified_gmt` datetime NOT NULL DEFAULT '0000-00-00 00:00:00', -- @ $DATE 2005..2026
  `post_content_filtered` longtext NOT NULL, -- @ $TEXT|constant
  `post_parent` bigint(20) unsigned NOT NULL DEFAULT '0', -- @ number.int|ref|constant
  `guid` varchar(255) NOT NULL DEFAULT '', -- @ internet.url|uuid|string.uuid
  `menu_order` int(11) NOT NULL DEFAULT '0', -- @ number.int 0..100
  `post_type` varchar(20) NOT NULL DEFAULT 'post', -- @ weighted
  `post_mime_type` varchar(100) NOT NULL DEFAULT '', -- @ system.mimeType
  `comment_count` bigint(20) NOT NULL DEFAULT '0', -- @ number.int 0..1000
  PRIMARY KEY (`ID`),
  KEY `post_name` (`post_name`(191)),
  KEY `type_status_date` (`post_type`,`post_status`,`post_date`,`ID`),
  KEY `post_parent` (`post_parent`),
  KEY `post_author` (`post_author`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_520_ci;

CREATE TABLE `wp_comments` (
  `comment_ID` bigint(20) unsigned NOT NULL AUTO_INCREMENT, -- @ sequence
  `comment_post_ID` bigint(20) unsigned NOT NULL DEFAULT '0', -- @ ref|number.int
  `comment_author` tinytext NOT NULL, -- @ person.fullName|internet.displayName|internet.username
  `comment_author_email` varchar(100) NOT NULL DEFAULT '', -- @ internet.email
  `comment_author_url` varchar(200) NOT NULL DEFAULT '', -- @ internet.url
  `comment_author_IP` varchar(100) NOT NULL DEFAULT '', -- @ $IP
  `comment_date` datetime NOT NULL DEFAULT '0000-00-00 00:00:00', -- @ $DATE 2005..2026
  `comment_date_gmt` datetime NOT NULL DEFAULT '0000-00-00 00:00:00', -- @ $DATE 2005..2026
  `comment_content` text NOT NULL, -- @ $TEXT
  `comment_karma` int(11) NOT NULL DEFAULT '0', -- @ number.int -100..100
  `comment_approved` varchar(20) NOT NULL DEFAULT '1', -- @ weighted
  `comment_agent` varchar(255) NOT NULL DEFAULT '', -- @ internet.userAgent
  `comment_type` varchar(20) NOT NULL DEFAULT 'comment', -- @ weighted|constant
  `comment_parent` bigint(20) unsigned NOT NULL DEFAULT '0', -- @ number.int|ref|constant
  `user_id` bigint(20) unsigned NOT NULL DEFAULT '0', -- @ ref|number.int
  PRIMARY KEY (`comment_ID`),
  KEY `comment_post_ID` (`comment_post_ID`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_520_ci;

CREATE TABLE `wp_terms` (
  `term_id` bigint(20) unsigned NOT NULL AUTO_INCREMENT, -- @ sequence
  `name` varchar(200) NOT NULL DEFAULT '', -- @ word.noun|commerce.department|lorem.word|lorem.words
  `slug` varchar(200) NOT NULL DEFAULT '', -- @ lorem.slug
  `term_group` bigint(10) NOT NULL DEFAULT '0', -- @ number.int|constant 0..10
  PRIMARY KEY (`term_id`),
  KEY `slug` (`slug`(191)),
  KEY `name` (`name`(191))
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_520_ci;

CREATE TABLE `wp_options` (
  `option_id` bigint(20) unsigned NOT NULL AUTO_INCREMENT, -- @ sequence
  `option_name` varchar(191) NOT NULL DEFAULT '', -- @ lorem.slug|$CODE|word.noun|lorem.word|database.column
  `option_value` longtext NOT NULL, -- @ $TEXT|$WORDS|$JSON
  `autoload` varchar(20) NOT NULL DEFAULT 'yes', -- @ weighted
  PRIMARY KEY (`option_id`),
  UNIQUE KEY `option_name` (`option_name`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_520_ci;

CREATE TABLE `wp_usermeta` (
  `umeta_id` bigint(20) unsigned NOT NULL AUTO_INCREMENT, -- @ sequence
  `user_id` bigint(20) unsigned NOT NULL DEFAULT '0', -- @ ref|number.int
  `meta_key` varchar(255) DEFAULT NULL, -- @ weighted|lorem.slug|$CODE|word.noun|lorem.word|database.column
  `meta_value` longtext, -- @ $TEXT|$WORDS|$JSON
  PRIMARY KEY (`umeta_id`),
  KEY `user_id` (`user_id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_520_ci;

CREATE TABLE `wp_wc_customer_lookup` (
  `customer_id` bigint(20) unsigned NOT NULL AUTO_INCREMENT, -- @ sequence
  `user_id` bigint(20) unsigned DEFAULT NULL, -- @ ref|number.int
  `username` varchar(60) NOT NULL DEFAULT '', -- @ internet.username
  `first_name` varchar(255) NOT NULL, -- @ person.firstName
  `last_name` varchar(255) NOT NULL, -- @ person.lastName
  `email` varchar(100) DEFAULT NULL, -- @ internet.email
  `date_last_active` timestamp NULL DEFAULT NULL, -- @ $DATE 2005..2026
  `date_registered` timestamp NULL DEFAULT NULL, -- @ $DATE 2005..2026
  `country` char(2) NOT NULL DEFAULT '', -- @ location.countryCode
  `postcode` varchar(20) NOT NULL DEFAULT '', -- @ location.zipCode
  `city` varchar(100) NOT NULL DEFAULT '', -- @ location.city
  `state` varchar(100) NOT NULL DEFAULT '', -- @ location.state|location.stateAbbr
  PRIMARY KEY (`customer_id`),
  UNIQUE KEY `user_id` (`user_id`),
  KEY `email` (`email`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_520_ci;

CREATE TABLE `wp_wc_order_addresses` (
  `id` bigint(20) unsigned NOT NULL AUTO_INCREMENT, -- @ sequence
  `order_id` bigint(20) unsigned NOT NULL, -- @ number.int|ref
  `address_type` varchar(20) DEFAULT NULL, -- @ weighted
  `first_name` text, -- @ person.firstName
  `last_name` text, -- @ person.lastName
  `company` text, -- @ company.name
  `address_1` text, -- @ location.streetAddress
  `address_2` text, -- @ location.secondaryAddress
  `city` text, -- @ location.city
  `state` text, -- @ location.state|location.stateAbbr
  `postcode` text, -- @ location.zipCode
  `country` text, -- @ location.country|location.countryCode
  `email` varchar(320) DEFAULT NULL, -- @ internet.email
  `phone` varchar(100) DEFAULT NULL, -- @ $PHONE
  PRIMARY KEY (`id`),
  UNIQUE KEY `address_type_order_id` (`address_type`,`order_id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_520_ci;
