-- sqlite3 .schema of an Android app's Room database (a run and workout tracker): backticked names,
-- INTEGER epoch timestamps, REAL measurements, 0/1 INTEGER flags, Room's own bookkeeping table.
CREATE TABLE android_metadata (locale TEXT);
CREATE TABLE room_master_table (id INTEGER PRIMARY KEY,identity_hash TEXT);
CREATE TABLE IF NOT EXISTS `users` (
  `uid` INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL, -- @ sequence
  `display_name` TEXT NOT NULL, -- @ internet.displayName|person.fullName|internet.username
  `email` TEXT, -- @ internet.email
  `height_cm` REAL, -- @ number.float|number.int 120..220
  `weight_kg` REAL, -- @ number.float|number.int 35..200
  `birth_year` INTEGER, -- @ number.int 1930..2012
  `sex` TEXT, -- @ person.sex|person.gender|weighted
  `max_heart_rate` INTEGER, -- @ number.int 120..220
  `is_premium` INTEGER NOT NULL DEFAULT 0, -- @ $FLAG 0..1
  `created_at` INTEGER NOT NULL -- @ number.int 1000000000..1900000000000
);
CREATE TABLE IF NOT EXISTS `workouts` (
  `id` INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL, -- @ sequence
  `user_id` INTEGER NOT NULL, -- @ ref
  `type` TEXT NOT NULL, -- @ weighted
  `started_at` INTEGER NOT NULL, -- @ number.int 1000000000..1900000000000
  `ended_at` INTEGER, -- @ number.int 1000000000..1900000000000
  `duration_seconds` INTEGER NOT NULL, -- @ number.int 60..36000
  `distance_meters` REAL, -- @ number.float|number.int 0..100000
  `calories` INTEGER, -- @ number.int 0..5000
  `avg_heart_rate` INTEGER, -- @ number.int 50..210
  `elevation_gain` REAL, -- @ number.float|number.int 0..5000
  `notes` TEXT, -- @ $TEXT
  `is_synced` INTEGER NOT NULL DEFAULT 0, -- @ $FLAG 0..1
  FOREIGN KEY(`user_id`) REFERENCES `users`(`uid`) ON UPDATE NO ACTION ON DELETE CASCADE
);
CREATE TABLE IF NOT EXISTS `track_points` (
  `id` INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL, -- @ sequence
  `workout_id` INTEGER NOT NULL, -- @ ref
  `timestamp` INTEGER NOT NULL, -- @ number.int 1000000000..1900000000000
  `latitude` REAL NOT NULL, -- @ location.latitude -90..90
  `longitude` REAL NOT NULL, -- @ location.longitude -180..180
  `altitude` REAL, -- @ number.float|number.int -400..9000
  `speed_mps` REAL, -- @ number.float 0..40
  `heart_rate` INTEGER, -- @ number.int 40..220
  FOREIGN KEY(`workout_id`) REFERENCES `workouts`(`id`) ON UPDATE NO ACTION ON DELETE CASCADE
);
CREATE TABLE IF NOT EXISTS `goals` (
  `id` INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL, -- @ sequence
  `user_id` INTEGER NOT NULL, -- @ ref
  `title` TEXT NOT NULL, -- @ $TITLE
  `target_value` REAL NOT NULL, -- @ number.float|number.int 0..100000
  `unit` TEXT NOT NULL, -- @ weighted|science.unit
  `deadline` INTEGER, -- @ number.int 1000000000..1900000000000
  `completed` INTEGER NOT NULL DEFAULT 0, -- @ $FLAG 0..1
  FOREIGN KEY(`user_id`) REFERENCES `users`(`uid`) ON UPDATE NO ACTION ON DELETE CASCADE
);
CREATE UNIQUE INDEX `index_users_email` ON `users` (`email`);
CREATE INDEX `index_workouts_user_id` ON `workouts` (`user_id`);
