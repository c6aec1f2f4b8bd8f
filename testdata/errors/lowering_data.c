// errorcheck -acc=host -fmax-errors=0
/* Lowering errors of data clauses and data directives: the directive
   checker accepts these items, but accc cannot work out what to map. One
   construct per function, so that each reports one error. */
extern float ext[];
struct S { float *p; int n; };

void pointer_without_section(int n, float *a) {
#pragma acc data copy(a) // want warning:"'a' in copy(a) is the pointer itself, not the data it points to (OpenACC §2.7.1); for the data, write a section such as copy(a[0:<count>])"
    { a[0] = 1; }
}

void incomplete_array(void) {
#pragma acc data copyin(ext) // want error:"the extent of array 'ext' is unknown; write a section such as copyin(ext[0:<count>])"
    { }
}

void rows_without_length(int n, float **pp) {
#pragma acc data copy(pp[0:n][2]) // want error:"the rows of 'pp[0:n][2]' need a section with a length, such as pp[0:n][0:<count>]"
    { }
}

void pointer_inside_rows(int n, float ***ppp) {
#pragma acc data copyin(ppp[0:n][0:n][0:n]) // want error:"section of a pointer inside 'ppp[0:n][0:n][0:n]' needs a deep copy of row pointers, which is not supported yet"
    { }
}

void partial_then_partial(void) {
    float m[4][8][2];
#pragma acc data copy(m[1][0:4][0:1]) // want error:"section 'm[1][0:4][0:1]' is not contiguous: after a partial dimension, every dimension must be whole"
    { m[0][0][0] = 1; }
}

void whole_then_partial(void) {
    float m[4][8];
#pragma acc data copy(m[0:4][0:4]) // want error:"section 'm[0:4][0:4]' is not contiguous: after a partial dimension, every dimension must be whole"
    { m[0][0] = 1; }
}

void use_device_member(struct S s) {
#pragma acc host_data use_device(s.p) // want error:"'s.p' in use_device must be a variable name, not a section or member"
    { }
}

void device_type_list(void) {
#pragma acc set device_type(nvidia, host) // want error:"'device_type' on 'set' takes one device type, not 2"
}
