DEFINE AUTHENTICATION POLICY DCM_PROJECT_DEV.RAW.PAT_AUTH_POLICY
  CLIENT_TYPES = ('SNOWFLAKE_UI')
  COMMENT = 'Auth policy that only allows access through the web interface';
