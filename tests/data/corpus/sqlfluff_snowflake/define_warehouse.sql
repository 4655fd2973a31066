DEFINE WAREHOUSE DCM_PROJECT_WH
  WITH
    warehouse_size = 'MEDIUM'
    auto_suspend = 300;
