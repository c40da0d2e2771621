#ifndef CGSSAPI_LAZY_H
#define CGSSAPI_LAZY_H
/* Nothing to call from Swift: this target only defines the eight GSSAPI functions libgit2's
 * Negotiate (Kerberos) HTTP authentication calls, for a release build that links libgit2's
 * static archive (see gssapi_lazy.c). */
#endif
