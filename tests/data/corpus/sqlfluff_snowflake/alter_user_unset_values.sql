ALTER USER my_user unset USE_CACHED_RESULT, must_change_password, type;
