// errorcheck -acc=multicore
/* The identifiers of the code accc generates begin with accc_ (ir/names.go):
   a program whose directives generate code may declare none of that prefix,
   which the generated code could take for its own (a launch's
   "const long long accc_trip = ..." would read itself, not this accc_trip).
   Labels, a namespace of their own, may. */
typedef int accc_int; // want error:"'accc_int' is reserved: identifiers beginning with 'accc_' are those of the code accc generates; rename it"
struct accc_pair { // want error:"'accc_pair' is reserved"
    int a, b;
};
enum { accc_one = 1 }; // want error:"'accc_one' is reserved"
int accc_global; // want error:"'accc_global' is reserved"

static int accc_helper(int accc_param) { // want error:"'accc_helper' is reserved" error:"'accc_param' is reserved"
    return accc_param + 1;
}

void f(int n, int *a) {
    long accc_trip = n; // want error:"'accc_trip' is reserved"
#pragma acc parallel loop copyout(a[0:n])
    for (int i = 0; i < accc_trip; i++)
        a[i] = i;
    goto accc_done;
accc_done:
    return;
}
