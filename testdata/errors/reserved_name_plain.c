// errorcheck -acc=multicore
/* A file without directives generates no code: it may declare identifiers
   that begin with accc_, the prefix of generated code (reserved_name.c). */
static int accc_helper(int accc_param) { return accc_param + 1; }

int g(int n) {
    long accc_trip = n;
    return accc_helper((int)accc_trip);
}
