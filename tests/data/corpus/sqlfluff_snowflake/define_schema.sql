DEFINE SCHEMA DCM_PROJECT.RAW
  COMMENT = 'Loading raw data into landing tables';
