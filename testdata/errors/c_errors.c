// errorcheck
/* C errors come from the frontend with their positions. */
void f(int n) {
    int v = undeclared_thing + n; // want error:"undefined: undeclared_thing"
}
