# SPDX-License-Identifier: ISC
# RETRY_COMPLETION_DIR(SHELL, VAR, PKG, HELP-DEFAULT, DEFAULT): the
# --with-SHELL-completion-dir=DIR|no option. DIR installs there; 'no'
# installs nothing. The default comes from PKG's pkg-config file
# (completionsdir) with datadir and prefix redefined, so that it stays
# under our own prefix: 'make distcheck' and non-root installs work. When
# pkg-config has none, DEFAULT (a shell word) is taken; HELP-DEFAULT is
# how --help names it. Sets and substitutes VAR_completion_dir and
# defines the conditional INSTALL_VAR_COMPLETION (upper case).
AC_DEFUN([RETRY_COMPLETION_DIR], [
	AC_ARG_WITH([$1-completion-dir],
		[AS_HELP_STRING([--with-$1-completion-dir=DIR|no],
			[install $1 completions in DIR @<:@from pkg-config, or $4@:>@])],
		[], [with_$2_completion_dir=yes])
	AS_CASE([$with_$2_completion_dir],
	[no], [$2_completion_dir=],
	[yes], [
		$2_completion_dir=`$PKG_CONFIG --define-variable=prefix='${prefix}' \
		    --define-variable=datadir='${datadir}' \
		    --variable=completionsdir $3 2>/dev/null`
		AS_IF([test -z "$$2_completion_dir"], [$2_completion_dir=$5])
	],
	[$2_completion_dir=$with_$2_completion_dir])
	AC_SUBST([$2_completion_dir])
	AM_CONDITIONAL(m4_toupper([INSTALL_$2_COMPLETION]), [test -n "$$2_completion_dir"])
])
