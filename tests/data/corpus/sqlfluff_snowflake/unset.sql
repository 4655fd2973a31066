unset v1;

unset v2;

unset (v1, v2);
