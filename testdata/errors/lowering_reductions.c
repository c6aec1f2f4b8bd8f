// errorcheck -acc=host -fmax-errors=0
/* Reductions lowering does not support yet: the directive checker accepts
   arrays and structs of arithmetic members (OpenACC 3.4 §2.5.15), accc
   reduces scalar variables only. */
struct P { float x, y; };

void construct_array_reduction(int n, const float *a) {
    float s[2] = {0, 0};
#pragma acc parallel reduction(+:s) copyin(a[0:n]) // want error:"reduction variable 's' must be a scalar variable (array and member reductions are not supported yet)"
    s[0] += a[0];
}

void loop_member_reduction(int n, const float *a) {
    struct P s = {0, 0};
#pragma acc parallel copyin(a[0:n])
    {
#pragma acc loop reduction(+:s.x) // want error:"reduction variable 's.x' must be a scalar variable (array and member reductions are not supported yet)"
        for (int i = 0; i < n; i++)
            s.x += a[i];
    }
}

void loop_struct_reduction(int n, const float *a) {
    struct P s = {0, 0};
#pragma acc parallel copyin(a[0:n])
    {
#pragma acc loop reduction(+:s) // want error:"reduction variable 's' must be a scalar variable (array and member reductions are not supported yet)"
        for (int i = 0; i < n; i++)
            s.x += a[i];
    }
}

void two_operators(int n, const float *a) {
    float s = 0;
#pragma acc parallel reduction(+:s) reduction(*:s) copyin(a[0:n]) // want error:"'s' appears in reductions with different operators"
    s += a[0];
}
