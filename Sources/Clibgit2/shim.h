#ifndef CLIBGIT2_SHIM_H
#define CLIBGIT2_SHIM_H
#include <git2.h>
/* git_repository_set_index: a stand-in index while blobs are made (`Repository.quickTree`). */
#include <git2/sys/repository.h>

/* git_libgit2_opts is variadic, which Swift cannot call: this fixes its arguments. */
static inline int clibgit2_enable_fsync_gitdir(int enabled) {
    return git_libgit2_opts(GIT_OPT_ENABLE_FSYNC_GITDIR, enabled);
}
#endif
