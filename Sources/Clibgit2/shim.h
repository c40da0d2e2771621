#ifndef CLIBGIT2_SHIM_H
#define CLIBGIT2_SHIM_H
#include <git2.h>
/* git_repository_set_index: a stand-in index while blobs are made (`Repository.quickTree`). */
#include <git2/sys/repository.h>

/* git_libgit2_opts is variadic, which Swift cannot call: this fixes its arguments. */
static inline int clibgit2_enable_fsync_gitdir(int enabled) {
    return git_libgit2_opts(GIT_OPT_ENABLE_FSYNC_GITDIR, enabled);
}
/* Sets a config level's search path back to the default, read again from HOME, XDG_CONFIG_HOME
 * and the rest of the environment (libgit2 reads them once, at initialisation). */
static inline int clibgit2_reset_search_path(int level) {
    return git_libgit2_opts(GIT_OPT_SET_SEARCH_PATH, level, (const char *)0);
}
#endif
