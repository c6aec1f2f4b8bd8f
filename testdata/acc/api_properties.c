// run
/* acc_get_property and acc_get_property_string (§3.2.6): the current
   device has memory, a name and a vendor; bad device numbers and string
   properties asked as numbers give 0 or NULL. */
#include <openacc.h>
#include <stdio.h>
#include <string.h>

int main(void) {
    acc_device_t t = acc_get_device_type();
    int n = acc_get_num_devices(t);
    size_t mem = acc_get_property(0, t, acc_property_memory);
    size_t free_mem = acc_get_property(0, acc_device_current, acc_property_free_memory);
    const char *name = acc_get_property_string(0, t, acc_property_name);
    const char *vendor = acc_get_property_string(0, acc_device_current, acc_property_vendor);
    const char *driver = acc_get_property_string(0, t, acc_property_driver);
    printf("memory: %s\n", mem > 0 ? "some" : "none");
    printf("free memory within memory: %d\n", free_mem > 0 && free_mem <= mem);
    printf("name: %s\n", name && *name ? "yes" : "no");
    printf("vendor: %s\n", vendor && *vendor ? "yes" : "no");
    printf("driver: %s\n", driver && *driver ? "yes" : "no");
    printf("shared memory flag is 0 or 1: %d\n", acc_get_property(0, t, acc_property_shared_memory_support) <= 1);
    printf("number as string: %d\n", acc_get_property_string(0, t, acc_property_memory) == NULL);
    printf("string as number: %d\n", acc_get_property(0, t, acc_property_name) == 0);
    printf("bad device: %d %d\n", acc_get_property(n, t, acc_property_memory) == 0,
           acc_get_property_string(-1, t, acc_property_name) == NULL);
    printf("stable: %d\n", name == acc_get_property_string(0, t, acc_property_name) ||
                               strcmp(name, acc_get_property_string(0, t, acc_property_name)) == 0);
    return 0;
}
