// buildcheck -acc=emulate
// Misused data directives are errors at their position.
float glob[100];
#pragma acc declare copy(glob) // want error:"clause 'copy' is not allowed on a declare directive at file scope"
void f(float x) {
#pragma acc host_data use_device(x) // want error:"'x' in use_device must be an array or a pointer"
    { }
#pragma acc set device_type(radeon) // want error:"device type 'radeon' is not one accc supports"
}
