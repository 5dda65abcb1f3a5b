"""A file that cannot be read or written, in the player's language.

The operating system says why in English ("No such file or directory"); a player of the
Swedish interface reads the reason in Swedish instead, from the error's number.
"""

from __future__ import annotations

import errno
from typing import Final

from chicago.text.i18n import N_, _

_REASONS: Final = {
    errno.ENOENT: N_("there is no such file or folder"),
    errno.EACCES: N_("permission denied"),
    errno.EPERM: N_("permission denied"),
    errno.EISDIR: N_("it is a folder, not a file"),
    errno.ENOTDIR: N_("a part of the path is not a folder"),
    errno.ENOSPC: N_("the disk is full"),
    errno.EROFS: N_("the file system is read-only"),
    errno.ENAMETOOLONG: N_("the name is too long"),
    errno.EEXIST: N_("it exists already"),
}


def file_error_words(error: OSError | UnicodeDecodeError) -> str:
    """Why a file could not be read or written, in words of the run's language."""
    if isinstance(error, UnicodeDecodeError):
        return _("it is not text in UTF-8")
    reason = _REASONS.get(error.errno or 0)
    if reason is not None:
        return _(reason)
    return _("the system refused (error {number})", number=error.errno or "?")
