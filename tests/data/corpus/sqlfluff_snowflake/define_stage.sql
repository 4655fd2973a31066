DEFINE STAGE FINANCE_DB.RAW.TASTY_BYTES_ORDERS
  COMMENT='Internal stage for uploading files';
