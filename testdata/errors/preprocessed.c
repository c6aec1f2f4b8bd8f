// errorcheck -acc=host
// Errors in directives wherever the preprocessor delivers them: in a header
// (include/pp_errors.h has its own want annotations), after #line, and in
// a clause macro, reported where the directive stands.
#include "include/pp_errors.h"
#define BAD_CLAUSE num_gangs(x)

void f(float *x, int n) {
#pragma acc parallel loop BAD_CLAUSE // want error:"num_gangs"
    for (int i = 0; i < n; i++)
        x[i] = 1;
}
