/* The GSSAPI functions libgit2 calls for Negotiate (Kerberos) HTTP authentication, loading the
 * system's libgssapi_krb5.so.2 the first time one is called instead of when the program starts.
 *
 * A release build links libgit2 from its static archive so that `carousel` loads no shared
 * library for git at start-up (docs/performance.md, "Start-up"). Debian ships no static
 * archive of MIT Kerberos, and linking its shared library would load it and the six it needs
 * on every run, for an authentication scheme few remotes ask for. These stand-ins open the
 * library on first use and call its functions; without the library they fail, and libgit2
 * reports that Negotiate authentication is not available.
 *
 * Compiled only in release builds (CAROUSEL_LAZY_GSSAPI); a debug build links the shared
 * libgit2, which loads Kerberos itself. */
#ifdef CAROUSEL_LAZY_GSSAPI
#include <dlfcn.h>
#include <pthread.h>
#include <stdint.h>

typedef uint32_t OM_uint32;
/* GSS_S_FAILURE: the major status for "the library is not there". */
#define LAZY_GSS_S_FAILURE ((OM_uint32)13u << 16)

typedef struct {
    OM_uint32 length;
    void *elements;
} lazy_gss_oid_desc;

/* GSS_C_NT_HOSTBASED_SERVICE, 1.2.840.113554.1.2.1.4 (RFC 2744). GSSAPI compares name types
 * by their bytes, so this copy stands for the library's own. */
static lazy_gss_oid_desc hostbased_service = {10, (void *)"\x2a\x86\x48\x86\xf7\x12\x01\x02\x01\x04"};
lazy_gss_oid_desc *GSS_C_NT_HOSTBASED_SERVICE = &hostbased_service;

static void *library;
static pthread_once_t library_once = PTHREAD_ONCE_INIT;

static void open_library(void) {
    library = dlopen("libgssapi_krb5.so.2", RTLD_NOW | RTLD_LOCAL);
}

static void *lookup(const char *name) {
    pthread_once(&library_once, open_library);
    return library ? dlsym(library, name) : NULL;
}

#define LAZY_GSS(name, params, args)                                   \
    OM_uint32 name params {                                            \
        OM_uint32 (*real) params = (OM_uint32 (*) params)lookup(#name); \
        if (!real) {                                                   \
            if (minor) *minor = 0;                                     \
            return LAZY_GSS_S_FAILURE;                                 \
        }                                                              \
        return real args;                                              \
    }

LAZY_GSS(gss_indicate_mechs, (OM_uint32 *minor, void **mech_set), (minor, mech_set))
LAZY_GSS(gss_release_oid_set, (OM_uint32 *minor, void **set), (minor, set))
LAZY_GSS(gss_import_name, (OM_uint32 *minor, void *input_name, void *name_type, void **output_name),
         (minor, input_name, name_type, output_name))
LAZY_GSS(gss_release_name, (OM_uint32 *minor, void **name), (minor, name))
LAZY_GSS(gss_init_sec_context,
         (OM_uint32 *minor, void *cred, void **context, void *target, void *mech, OM_uint32 flags,
          OM_uint32 time_req, void *bindings, void *input_token, void **actual_mech, void *output_token,
          OM_uint32 *ret_flags, OM_uint32 *time_rec),
         (minor, cred, context, target, mech, flags, time_req, bindings, input_token, actual_mech, output_token,
          ret_flags, time_rec))
LAZY_GSS(gss_delete_sec_context, (OM_uint32 *minor, void **context, void *output_token),
         (minor, context, output_token))
LAZY_GSS(gss_display_status,
         (OM_uint32 *minor, OM_uint32 status, int status_type, void *mech, OM_uint32 *message_context,
          void *status_string),
         (minor, status, status_type, mech, message_context, status_string))
LAZY_GSS(gss_release_buffer, (OM_uint32 *minor, void *buffer), (minor, buffer))
#endif
