select x.y:_z::string from x
