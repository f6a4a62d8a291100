# SPDX-License-Identifier: ISC
# RETRY_TRY_CFLAG(FLAG): add FLAG to WARN_CFLAGS if $CC compiles an empty
# program with it (and -Werror, so that a flag the compiler only warns
# about is left out). configure.ac probes each warning with it, so any
# compiler that takes some of them works.
AC_DEFUN([RETRY_TRY_CFLAG], [
	AC_MSG_CHECKING([whether $CC accepts $1])
	retry_save_CFLAGS=$CFLAGS
	CFLAGS="$CFLAGS -Werror $1"
	AC_COMPILE_IFELSE([AC_LANG_PROGRAM([], [])],
		[AC_MSG_RESULT([yes]); WARN_CFLAGS="$WARN_CFLAGS $1"],
		[AC_MSG_RESULT([no])])
	CFLAGS=$retry_save_CFLAGS
])
