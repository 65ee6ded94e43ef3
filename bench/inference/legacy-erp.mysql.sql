-- mysqldump --no-data of an in-house order system from the 2000s: UPPER_CASE names, abbreviations,
-- _CD/_NM/_DT/_AMT/_QTY/_PCT/_FLG suffixes, CHAR(1) flags, latin1.
/*!40101 SET NAMES utf8 */;
DROP TABLE IF EXISTS `CUST_MST`;
CREATE TABLE `CUST_MST` (
  `CUST_ID` int(11) NOT NULL AUTO_INCREMENT, -- @ sequence
  `CUST_CD` varchar(10) NOT NULL, -- @ $CODE
  `CUST_NM` varchar(60) NOT NULL, -- @ company.name|person.fullName
  `CNTCT_FIRST_NM` varchar(30) DEFAULT NULL, -- @ person.firstName
  `CNTCT_LAST_NM` varchar(30) DEFAULT NULL, -- @ person.lastName
  `ADDR1` varchar(60) DEFAULT NULL, -- @ location.streetAddress
  `ADDR2` varchar(60) DEFAULT NULL, -- @ location.secondaryAddress
  `CITY_NM` varchar(30) DEFAULT NULL, -- @ location.city
  `STATE_CD` char(2) DEFAULT NULL, -- @ location.stateAbbr
  `ZIP_CD` varchar(10) DEFAULT NULL, -- @ location.zipCode
  `CNTRY_CD` char(2) DEFAULT 'US', -- @ location.countryCode
  `TEL_NO` varchar(20) DEFAULT NULL, -- @ $PHONE
  `FAX_NO` varchar(20) DEFAULT NULL, -- @ $PHONE
  `EMAIL_ADDR` varchar(80) DEFAULT NULL, -- @ internet.email
  `CR_LMT_AMT` decimal(12,2) DEFAULT '0.00', -- @ $MONEY 0..1000000
  `PYMT_TERMS_DAYS` smallint(6) DEFAULT '30', -- @ number.int|weighted 0..120
  `ACTV_FLG` char(1) NOT NULL DEFAULT 'Y', -- @ weighted
  `CRT_DT` datetime NOT NULL, -- @ $DATE 1995..2026
  `UPD_DT` datetime DEFAULT NULL, -- @ $DATE 1995..2026
  `CRT_USR` varchar(20) DEFAULT NULL, -- @ internet.username
  PRIMARY KEY (`CUST_ID`),
  UNIQUE KEY `UK_CUST_CD` (`CUST_CD`)
) ENGINE=InnoDB DEFAULT CHARSET=latin1;

DROP TABLE IF EXISTS `DEPT_MST`;
CREATE TABLE `DEPT_MST` (
  `DEPT_CD` varchar(6) NOT NULL, -- @ $CODE
  `DEPT_NM` varchar(40) NOT NULL, -- @ commerce.department|person.jobArea
  `COST_CTR` varchar(10) DEFAULT NULL, -- @ $CODE
  PRIMARY KEY (`DEPT_CD`)
) ENGINE=InnoDB DEFAULT CHARSET=latin1;

DROP TABLE IF EXISTS `EMP_MST`;
CREATE TABLE `EMP_MST` (
  `EMP_NO` int(11) NOT NULL, -- @ sequence
  `FIRST_NM` varchar(20) NOT NULL, -- @ person.firstName
  `MID_INIT` char(1) DEFAULT NULL, -- @ string.alpha|person.middleName
  `LAST_NM` varchar(25) NOT NULL, -- @ person.lastName
  `DOB` date DEFAULT NULL, -- @ date.birthdate 1940..2008
  `HIRE_DT` date NOT NULL, -- @ $DATE 1980..2026
  `TERM_DT` date DEFAULT NULL, -- @ $DATE 1980..2027
  `DEPT_CD` varchar(6) NOT NULL, -- @ ref
  `JOB_TTL` varchar(30) DEFAULT NULL, -- @ person.jobTitle|person.jobType
  `SAL_AMT` decimal(10,2) DEFAULT NULL, -- @ $MONEY 15000..400000
  `COMM_PCT` decimal(4,2) DEFAULT NULL, -- @ number.float 0..50
  `MGR_EMP_NO` int(11) DEFAULT NULL, -- @ ref
  `HOME_TEL` varchar(20) DEFAULT NULL, -- @ $PHONE
  `SSN` char(11) DEFAULT NULL, -- @ regex|$CODE
  PRIMARY KEY (`EMP_NO`),
  KEY `FK_EMP_DEPT` (`DEPT_CD`),
  CONSTRAINT `FK_EMP_DEPT` FOREIGN KEY (`DEPT_CD`) REFERENCES `DEPT_MST` (`DEPT_CD`),
  CONSTRAINT `FK_EMP_MGR` FOREIGN KEY (`MGR_EMP_NO`) REFERENCES `EMP_MST` (`EMP_NO`)
) ENGINE=InnoDB DEFAULT CHARSET=latin1;

DROP TABLE IF EXISTS `UOM_MST`;
CREATE TABLE `UOM_MST` (
  `UOM_CD` varchar(4) NOT NULL, -- @ weighted|$CODE|science.unit
  `UOM_DESC` varchar(30) NOT NULL, -- @ science.unit|weighted|$WORDS
  PRIMARY KEY (`UOM_CD`)
) ENGINE=InnoDB DEFAULT CHARSET=latin1;

DROP TABLE IF EXISTS `ITEM_MST`;
CREATE TABLE `ITEM_MST` (
  `ITEM_CD` varchar(15) NOT NULL, -- @ $CODE
  `ITEM_NM` varchar(40) NOT NULL, -- @ commerce.productName|commerce.product
  `ITEM_DESC` varchar(255) DEFAULT NULL, -- @ $TEXT
  `UOM_CD` varchar(4) NOT NULL, -- @ ref
  `UNIT_COST` decimal(10,4) DEFAULT NULL, -- @ $MONEY 0.01..5000
  `LIST_PRC` decimal(10,2) DEFAULT NULL, -- @ $MONEY 0.01..10000
  `WGT_KG` decimal(8,3) DEFAULT NULL, -- @ number.float 0.001..2000
  `REORD_QTY` int(11) DEFAULT NULL, -- @ number.int 1..10000
  `ON_HAND_QTY` int(11) DEFAULT '0', -- @ number.int 0..100000
  `DISC_FLG` tinyint(1) NOT NULL DEFAULT '0', -- @ $FLAG 0..1
  `TAXBL_FLG` char(1) NOT NULL DEFAULT 'Y', -- @ weighted
  PRIMARY KEY (`ITEM_CD`),
  CONSTRAINT `FK_ITEM_UOM` FOREIGN KEY (`UOM_CD`) REFERENCES `UOM_MST` (`UOM_CD`)
) ENGINE=InnoDB DEFAULT CHARSET=latin1;

DROP TABLE IF EXISTS `ORD_HDR`;
CREATE TABLE `ORD_HDR` (
  `ORD_NO` int(11) NOT NULL AUTO_INCREMENT, -- @ sequence
  `CUST_ID` int(11) NOT NULL, -- @ ref
  `SLS_REP_NO` int(11) DEFAULT NULL, -- @ ref
  `ORD_DT` date NOT NULL, -- @ $DATE 1995..2026
  `REQ_DT` date DEFAULT NULL, -- @ $DATE 1995..2027
  `SHIP_DT` date DEFAULT NULL, -- @ $DATE 1995..2027
  `SHIP_VIA` varchar(20) DEFAULT NULL, -- @ weighted|company.name
  `SHIP_NM` varchar(60) DEFAULT NULL, -- @ person.fullName|company.name
  `SHIP_ADDR` varchar(60) DEFAULT NULL, -- @ location.streetAddress
  `SHIP_CITY` varchar(30) DEFAULT NULL, -- @ location.city
  `SHIP_ST` char(2) DEFAULT NULL, -- @ location.stateAbbr
  `SHIP_ZIP` varchar(10) DEFAULT NULL, -- @ location.zipCode
  `FRT_AMT` decimal(10,2) DEFAULT '0.00', -- @ $MONEY 0..2000
  `TAX_AMT` decimal(10,2) DEFAULT '0.00', -- @ $MONEY 0..20000
  `ORD_AMT` decimal(12,2) DEFAULT '0.00', -- @ $MONEY 0..200000
  `DISC_PCT` decimal(5,2) DEFAULT '0.00', -- @ number.float|number.int 0..100
  `ORD_STAT_CD` char(1) NOT NULL DEFAULT 'O', -- @ weighted
  `PO_NO` varchar(20) DEFAULT NULL, -- @ $CODE
  `RMKS` varchar(255) DEFAULT NULL, -- @ $TEXT
  PRIMARY KEY (`ORD_NO`),
  KEY `IDX_ORD_CUST` (`CUST_ID`),
  CONSTRAINT `FK_ORD_CUST` FOREIGN KEY (`CUST_ID`) REFERENCES `CUST_MST` (`CUST_ID`),
  CONSTRAINT `FK_ORD_REP` FOREIGN KEY (`SLS_REP_NO`) REFERENCES `EMP_MST` (`EMP_NO`)
) ENGINE=InnoDB DEFAULT CHARSET=latin1;

DROP TABLE IF EXISTS `ORD_DTL`;
CREATE TABLE `ORD_DTL` (
  `ORD_NO` int(11) NOT NULL, -- @ ref
  `LINE_NO` smallint(6) NOT NULL, -- @ sequence|number.int 1..100
  `ITEM_CD` varchar(15) NOT NULL, -- @ ref
  `ORD_QTY` int(11) NOT NULL, -- @ number.int 1..1000
  `SHIP_QTY` int(11) DEFAULT NULL, -- @ number.int 0..1000
  `UNIT_PRC` decimal(10,2) NOT NULL, -- @ $MONEY 0.01..10000
  `LINE_AMT` decimal(12,2) DEFAULT NULL, -- @ $MONEY 0..200000
  PRIMARY KEY (`ORD_NO`,`LINE_NO`),
  CONSTRAINT `FK_DTL_ORD` FOREIGN KEY (`ORD_NO`) REFERENCES `ORD_HDR` (`ORD_NO`),
  CONSTRAINT `FK_DTL_ITEM` FOREIGN KEY (`ITEM_CD`) REFERENCES `ITEM_MST` (`ITEM_CD`)
) ENGINE=InnoDB DEFAULT CHARSET=latin1;
