/* SPDX-License-Identifier: ISC */
/*
 * rediss:// with OpenSSL 3. The settings (tls_new) are read once a run
 * from the environment, as redis-cli's --cacert, --cert and --key:
 *
 *   RETRY_STORE_CACERT  the CAs to trust: a PEM file, or a directory of
 *                       hashed certificates; else the system's (and
 *                       OpenSSL's SSL_CERT_FILE, SSL_CERT_DIR)
 *   RETRY_STORE_CERT    a client certificate (PEM, chain allowed)
 *   RETRY_STORE_KEY     its key (PEM); else read from RETRY_STORE_CERT
 *
 * TLS 1.2 at least. The server's certificate must chain to a trusted CA
 * and name the host we asked for: its DNS name (sent with SNI too), or
 * its IP address when the host is one (no SNI then, RFC 6066).
 *
 * OpenSSL opens no file of ours: a FIFO put where it looks would hold its
 * open, or its read, for ever, signals or not (issue 38). Each file is
 * opened here, checked (fdutil.c), read and handed over in memory; the
 * CAs of a directory too, when a chain needs them (verify()).
 */
#include "config.h"

#include <arpa/inet.h>
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <openssl/err.h>
#include <openssl/pem.h>
#include <openssl/ssl.h>
#include <openssl/x509v3.h>

#include "policy/large.h"
#include "proc/dynlib.h"
#include "proc/fdutil.h"
#include "store/tls.h"

#define TLS_FILE_MAX (8 << 20)	/* bytes of a CA, certificate or key file */
/*
 * What one verification reads of a directory of CAs at the most, so that
 * no directory, however it was made, can keep the handshake busy: files
 * of one hash (HHHHHHHH.0 to .31), hashes, files in all.
 */
#define HASHED_MAX 32
#define HASHES_MAX 16
#define HASHED_READ_MAX 64

struct tls {
	SSL_CTX		*ctx;
	int		 cadir;		/* the directory of hashed CAs, or -1 */
	char		*cadir_name;
	/* In the last verification: */
	char		 skipped[256];	/* a file of cadir passed over */
	unsigned long	 hashes[HASHES_MAX];	/* looked up */
	int		 nhashes;
	int		 reads;		/* files of cadir opened */
};

struct tls_conn {
	SSL		*ssl;
	struct tls	*t;
};

/* Whether add_certs() loads from cadir the CAs above those it adds. */
enum above {
	ABOVE_NONE,
	ABOVE_FROM_DIR,
};

/* What a file named by a variable is read as. */
enum tls_file {
	TLS_CA,		/* CAs: a PEM file, or a directory of them */
	TLS_CERT,	/* our certificate, then its chain */
	TLS_KEY,	/* our key */
};

/*
 * OpenSSL is loaded (dlopen, dynlib.h) by the first run that needs it,
 * not linked: the dynamic loader's work for libssl and libcrypto is 3.2
 * million instructions at every start (callgrind; 0.13 million for an
 * empty program, 0.28 for all of `retry -- true` without them), which
 * every run would pay for a store that few use. The functions come from
 * libssl's handle, libcrypto's through it.
 */
#define OPENSSL_FUNCS(X, t) \
	X(t, ERR_clear_error) X(t, OPENSSL_init_ssl) X(t, SSL_CTX_set_security_level) X(t, ERR_peek_last_error) X(t, ERR_reason_error_string) \
	X(t, SSL_CTX_get_security_level) X(t, CONF_get1_default_config_file) X(t, CRYPTO_free) \
	X(t, SSL_CTX_ctrl) X(t, SSL_CTX_free) X(t, SSL_CTX_new) X(t, SSL_CTX_set_verify) \
	X(t, SSL_CTX_get_cert_store) X(t, SSL_CTX_set_cert_verify_callback) \
	X(t, SSL_CTX_use_PrivateKey) X(t, SSL_CTX_use_certificate) \
	X(t, SSL_connect) X(t, SSL_ctrl) X(t, SSL_free) X(t, SSL_get0_param) \
	X(t, SSL_get_error) X(t, SSL_get_verify_result) X(t, SSL_new) X(t, SSL_read_ex) \
	X(t, SSL_set1_host) X(t, SSL_set_fd) X(t, SSL_write_ex) X(t, TLS_client_method) \
	X(t, X509_VERIFY_PARAM_set1_ip_asc) X(t, X509_get_default_cert_dir) \
	X(t, X509_get_default_cert_dir_env) X(t, X509_get_default_cert_file) \
	X(t, X509_get_default_cert_file_env) X(t, X509_verify_cert_error_string) \
	X(t, BIO_new_mem_buf) X(t, BIO_free) X(t, PEM_read_bio_X509) \
	X(t, PEM_read_bio_X509_AUX) X(t, PEM_read_bio_PrivateKey) X(t, EVP_PKEY_free) \
	X(t, X509_free) X(t, X509_STORE_add_cert) X(t, X509_STORE_CTX_get0_cert) \
	X(t, X509_STORE_CTX_get0_store) X(t, X509_STORE_CTX_get0_untrusted) \
	X(t, X509_verify_cert) X(t, X509_get_issuer_name) X(t, X509_get_subject_name) \
	X(t, X509_NAME_cmp) X(t, X509_NAME_hash_ex) X(t, OPENSSL_sk_num) \
	X(t, OPENSSL_sk_value) X(t, OPENSSL_cleanse)

static struct {
	OPENSSL_FUNCS(DYNLIB_FIELD, ossl)
} ossl LARGE_ZEROED;	/* a rediss: store's only */

static const struct dynlib_sym ossl_syms[] = {
	OPENSSL_FUNCS(DYNLIB_SYM, ossl)
};
static struct dynlib ossl_lib = DYNLIB(LIBSSL_SONAME, ossl_syms);

/* Read by packaging tools, not by the code. */
/* cppcheck-suppress unusedStructMember */
DYNLIB_NOTE(tls_note, "[" DYNLIB_NOTE_ENTRY("rediss",
    "TLS for the redis: store of --budget (rediss://)", "recommended",
    LIBSSL_SONAME) "]");

/* OpenSSL's reason for the last failure, or fallback. */
static const char *
reason(const char *fallback)
{
	unsigned long	e = ossl.ERR_peek_last_error();
	const char	*r = e != 0 ? ossl.ERR_reason_error_string(e) : NULL;

	return r != NULL ? r : fallback;
}

/*
 * The OpenSSL configuration, as every TLS client reads it (OPENSSL_CONF,
 * else OpenSSL's own openssl.cnf): a host's crypto policy, a raised
 * MinProtocol or a FIPS provider apply to rediss:// too. OpenSSL reads
 * the file with a blocking open, before any bound of ours: so it is
 * looked at first, and anything but a regular file (a FIFO would hold
 * the run) or a missing one (OpenSSL's default then) is refused, said in
 * err. The file is root's or the caller's own (OPENSSL_CONF): no one
 * else can swap it between the look and OpenSSL's read.
 */
static int
config_checked(char *err, size_t errlen)
{
	const char	*env = getenv("OPENSSL_CONF");
	char		*dflt = NULL;
	const char	*path = env;
	mode_t		 type;
	int		 rc = 0, fd;

	if (path == NULL || path[0] == '\0')
		path = dflt = ossl.CONF_get1_default_config_file();
	if (path == NULL)
		return 0;
	fd = fd_open_checked(AT_FDCWD, path, O_RDONLY, 0, FD_FILE, &type);
	if (fd != -1)
		close(fd);
	else if (errno != ENOENT) {
		snprintf(err, errlen, "TLS: cannot read the OpenSSL "
		    "configuration %s: %s", path, fd_why(errno, type));
		rc = -1;
	}
	ossl.CRYPTO_free(dflt, __FILE__, __LINE__);
	return rc;
}

/* OpenSSL's functions and its configuration, once a run; -1 said in err. */
static int
load_openssl(char *err, size_t errlen)
{
	static int	started;

	if (started)
		return 0;
	if (dynlib_load(&ossl_lib, "TLS", err, errlen) == -1)
		return -1;
	if (config_checked(err, errlen) == -1)
		return -1;
	ossl.ERR_clear_error();
	if (ossl.OPENSSL_init_ssl(OPENSSL_INIT_LOAD_CONFIG, NULL) != 1) {
		snprintf(err, errlen, "TLS: the OpenSSL configuration: %s",
		    reason("cannot load it"));
		return -1;
	}
	started = 1;
	return 0;
}

/* No password is ever asked for: OpenSSL's own prompt reads a terminal. */
static int
no_password(char *buf, int size, int rwflag, void *arg)
{
	(void)buf;
	(void)size;
	(void)rwflag;
	(void)arg;
	return -1;
}

/*
 * Whether PEM reading stopped at the end of the text, having found no
 * more (OpenSSL says "no start line"), rather than on a bad one.
 */
static int
pem_at_end(void)
{
	unsigned long	e = ossl.ERR_peek_last_error();

	return e == 0 || (ERR_GET_LIB(e) == ERR_LIB_PEM &&
	    ERR_GET_REASON(e) == PEM_R_NO_START_LINE);
}

static void	load_issuers(struct tls *, X509_STORE *, X509 *);

/*
 * Add to store each certificate (PEM) of buf[0..len), and, if above says
 * so, the CAs of the directory that issued it, if another did
 * (load_issuers). How many were read; -1 on a bad one.
 */
static int
add_certs(struct tls *t, X509_STORE *store, const char *buf, size_t len,
    enum above above)
{
	BIO	*bio;
	X509	*x;
	int	 n = 0;

	if (len > INT_MAX ||
	    (bio = ossl.BIO_new_mem_buf(buf, (int)len)) == NULL)
		return -1;
	while ((x = ossl.PEM_read_bio_X509_AUX(bio, NULL, no_password,
	    NULL)) != NULL) {
		n++;
		(void)ossl.X509_STORE_add_cert(store, x);
		if (above == ABOVE_FROM_DIR && ossl.X509_NAME_cmp(
		    ossl.X509_get_subject_name(x),
		    ossl.X509_get_issuer_name(x)) != 0)
			load_issuers(t, store, x);
		ossl.X509_free(x);
	}
	ossl.BIO_free(bio);
	return pem_at_end() ? n : -1;
}

/*
 * Load the CAs of the directory's file name (HHHHHHHH.N); -1 when there
 * is none, which ends the files of that hash. A file that is not a
 * regular one, or cannot be read, is passed over and noted.
 */
static int
load_hashed(struct tls *t, X509_STORE *store, const char *name)
{
	char	*buf;
	size_t	 len;
	mode_t	 type;
	int	 fd, rc;

	if (t->reads == HASHED_READ_MAX)
		return -1;
	t->reads++;
	fd = fd_open_checked(t->cadir, name, O_RDONLY, 0, FD_FILE |
	    FD_BLOCKING, &type);
	if (fd == -1 && errno == ENOENT)
		return -1;
	rc = fd == -1 ? -1 : fd_read_all(fd, TLS_FILE_MAX, &buf, &len);
	if (rc == -1 && t->skipped[0] == '\0')
		snprintf(t->skipped, sizeof t->skipped, "%s/%s: %s",
		    t->cadir_name, name, fd_why(errno, type));
	if (fd != -1)
		close(fd);
	if (rc == 0) {
		(void)add_certs(t, store, buf, len, ABOVE_FROM_DIR);
		free(buf);
	}
	return 0;
}

/*
 * Load from the directory the CAs that may have issued cert: the files
 * named by its issuer's hash, as c_rehash names them, HHHHHHHH.0, .1 and
 * on, and the CAs above each of them in turn; each hash once.
 */
static void
load_issuers(struct tls *t, X509_STORE *store, X509 *cert)
{
	unsigned long	hash;
	char		name[32];
	int		i, ok = 0;

	if (cert == NULL || t->nhashes == HASHES_MAX)
		return;
	hash = ossl.X509_NAME_hash_ex(ossl.X509_get_issuer_name(cert), NULL,
	    NULL, &ok);
	if (!ok)
		return;
	for (i = 0; i < t->nhashes; i++)
		if (t->hashes[i] == hash)
			return;
	t->hashes[t->nhashes++] = hash;
	for (i = 0; i < HASHED_MAX; i++) {
		snprintf(name, sizeof name, "%08lx.%d", hash & 0xffffffffUL, i);
		if (load_hashed(t, store, name) == -1)
			break;
	}
}

/*
 * OpenSSL's verification of the server's chain, once the CAs of the
 * directory that it may need are in the store. OpenSSL's own lookup in
 * a directory (SSL_CTX_load_verify_dir) would open the files itself,
 * and wait for ever on a FIFO there; loading the whole directory at the
 * start would cost every run the parsing of all (146 certificates in
 * Debian's /etc/ssl/certs: 18 ms), where this reads the one or two
 * files that a chain names, as OpenSSL's lookup does.
 */
static int
verify(X509_STORE_CTX *x, void *arg)
{
	struct tls	*t = arg;
	X509_STORE	*store = ossl.X509_STORE_CTX_get0_store(x);
	OPENSSL_STACK	*chain;
	int		 i, n;

	t->skipped[0] = '\0';
	t->nhashes = t->reads = 0;
	chain = (OPENSSL_STACK *)ossl.X509_STORE_CTX_get0_untrusted(x);
	load_issuers(t, store, ossl.X509_STORE_CTX_get0_cert(x));
	n = chain != NULL ? ossl.OPENSSL_sk_num(chain) : 0;
	for (i = 0; i < n; i++)
		load_issuers(t, store, ossl.OPENSSL_sk_value(chain, i));
	ossl.ERR_clear_error();
	return ossl.X509_verify_cert(x);
}

/* Our certificate, then the chain that follows it, from PEM text. */
static int
use_cert(SSL_CTX *ctx, const char *buf, size_t len)
{
	BIO	*bio;
	X509	*x;
	int	 ok;

	if (len > INT_MAX ||
	    (bio = ossl.BIO_new_mem_buf(buf, (int)len)) == NULL)
		return 0;
	x = ossl.PEM_read_bio_X509_AUX(bio, NULL, no_password, NULL);
	ok = x != NULL && ossl.SSL_CTX_use_certificate(ctx, x) == 1;
	ossl.X509_free(x);
	/* SSL_CTX_add0_chain_cert(), which takes x when it succeeds. */
	while (ok && (x = ossl.PEM_read_bio_X509(bio, NULL, no_password,
	    NULL)) != NULL)
		if (ossl.SSL_CTX_ctrl(ctx, SSL_CTRL_CHAIN_CERT, 0, x) != 1) {
			ossl.X509_free(x);
			ok = 0;
		}
	ossl.BIO_free(bio);
	return ok && pem_at_end();
}

/* Our key, from PEM text: it must be our certificate's. */
static int
use_key(SSL_CTX *ctx, const char *buf, size_t len)
{
	BIO		*bio;
	EVP_PKEY	*key;
	int		 ok;

	if (len > INT_MAX ||
	    (bio = ossl.BIO_new_mem_buf(buf, (int)len)) == NULL)
		return 0;
	key = ossl.PEM_read_bio_PrivateKey(bio, NULL, no_password, NULL);
	ok = key != NULL && ossl.SSL_CTX_use_PrivateKey(ctx, key) == 1;
	ossl.EVP_PKEY_free(key);
	ossl.BIO_free(bio);
	return ok;
}

/*
 * Use the text of a file read as what; 1, or 0 with why (OpenSSL's
 * reason, in our words where they say more).
 */
static int
use(struct tls *t, enum tls_file what, const char *buf, size_t len,
    const char **why)
{
	*why = NULL;
	ossl.ERR_clear_error();
	switch (what) {
	case TLS_CA:
		if (add_certs(t, ossl.SSL_CTX_get_cert_store(t->ctx), buf, len,
		    ABOVE_NONE) > 0)
			return 1;
		*why = pem_at_end() ? "no certificate (PEM) in it" : NULL;
		break;
	case TLS_CERT:
		if (use_cert(t->ctx, buf, len))
			return 1;
		*why = pem_at_end() ? "no certificate (PEM) in it" : NULL;
		break;
	case TLS_KEY:
		if (use_key(t->ctx, buf, len))
			return 1;
		/* OpenSSL's words for a key that is not there, or not ours. */
		*why = strstr(reason(""), "mismatch") != NULL ?
		    "it is not the key of RETRY_STORE_CERT" :
		    strstr(buf, "ENCRYPTED") != NULL ? "an encrypted key, "
		    "whose password retry cannot ask for" :
		    "no private key (PEM) in it";
		break;
	}
	if (*why == NULL)
		*why = reason("no certificate (PEM) in it");
	return 0;
}

/*
 * The CAs of the directory dir, held open (fd), looked up by verify()
 * as a chain needs them; -1 with errno.
 */
static int
use_dir(struct tls *t, int fd, const char *dir)
{
	if ((t->cadir_name = strdup(dir)) == NULL)
		return -1;
	t->cadir = fd;
	ossl.SSL_CTX_set_cert_verify_callback(t->ctx, verify, t);
	return 0;
}

/*
 * Read what the variable var names, a path, as what; -1 said in err. A
 * FIFO, a device or a socket is not read: it could hold the run past any
 * bound (only CAs may be a directory). Key material is wiped once used.
 */
static int
load(struct tls *t, const char *var, const char *path, enum tls_file what,
    char *err, size_t errlen)
{
	struct stat	 sb;
	const char	*why;
	char		*buf;
	size_t		 len;
	mode_t		 type;
	int		 fd, ok;

	fd = fd_open_checked(AT_FDCWD, path, O_RDONLY, 0, FD_FILE |
	    FD_BLOCKING | (what == TLS_CA ? FD_DIR : 0), &type);
	if (fd != -1 && fstat(fd, &sb) == 0 && S_ISDIR(sb.st_mode)) {
		if (use_dir(t, fd, path) == 0)
			return 0;
		type = 0;
		ok = -1;
	} else
		ok = fd == -1 ? -1 : fd_read_all(fd, TLS_FILE_MAX, &buf, &len);
	if (ok == -1) {
		why = fd_why(errno, type);
		if (fd != -1)
			close(fd);
	} else {
		close(fd);
		ok = use(t, what, buf, len, &why);
		ossl.OPENSSL_cleanse(buf, len);
		free(buf);
		if (ok)
			return 0;
	}
	snprintf(err, errlen, "TLS: cannot read %s (%s): %s", var, path, why);
	return -1;
}

/* Whether dir holds a certificate by hash (c_rehash's 0123abcd.0). */
static int
hashed(const char *dir)
{
	struct dirent	*e;
	DIR		*d;
	int		 found = 0;
	size_t		 i;

	if ((d = opendir(dir)) == NULL)
		return 0;
	while (!found && (e = readdir(d)) != NULL) {
		for (i = 0; i < 8 && isxdigit((unsigned char)e->d_name[i]); i++)
			;
		found = i == 8 && e->d_name[8] == '.' &&
		    isdigit((unsigned char)e->d_name[9]);
	}
	closedir(d);
	return found;
}

/*
 * The system's CAs. OpenSSL's default reads the whole bundle file (146
 * certificates on Debian 12: 18.8 ms, measured, more than the rest of a
 * store's call) and the hashed directory; the directory alone is read
 * lazily, the files a chain needs (verify()). So the directory when it
 * is hashed, as on Debian, else the bundle; but what SSL_CERT_FILE and
 * SSL_CERT_DIR name when they are set, as OpenSSL would.
 */
static int
system_cas(struct tls *t, char *err, size_t errlen)
{
	const char	*file_env = ossl.X509_get_default_cert_file_env();
	const char	*dir_env = ossl.X509_get_default_cert_dir_env();
	const char	*file = getenv(file_env), *dir = getenv(dir_env);
	mode_t		 type;
	int		 fd;

	if (file != NULL && load(t, file_env, file, TLS_CA, err,
	    errlen) == -1)
		return -1;
	if (dir != NULL && t->cadir != -1) {
		snprintf(err, errlen, "TLS: %s and %s both name a directory: "
		    "one at the most", file_env, dir_env);
		return -1;
	}
	if (dir != NULL && load(t, dir_env, dir, TLS_CA, err, errlen) == -1)
		return -1;
	if (file != NULL || dir != NULL)
		return 0;
	dir = ossl.X509_get_default_cert_dir();
	if (!hashed(dir)) {
		/* None is none, as for OpenSSL: no CA verifies. */
		file = ossl.X509_get_default_cert_file();
		if (access(file, F_OK) == -1 && errno == ENOENT)
			return 0;
		return load(t, "the system's CAs", file, TLS_CA, err, errlen);
	}
	fd = fd_open_checked(AT_FDCWD, dir, O_RDONLY | O_DIRECTORY, 0,
	    FD_DIR, &type);
	if (fd == -1 || use_dir(t, fd, dir) == -1) {
		snprintf(err, errlen, "TLS: cannot read the system's CAs (%s): "
		    "%s", dir, fd_why(errno, type));
		if (fd != -1)
			close(fd);
		return -1;
	}
	return 0;
}

/* The CAs to trust, and our own certificate if one is named. */
static int
settings(struct tls *t, char *err, size_t errlen)
{
	const char	*ca = getenv("RETRY_STORE_CACERT");
	const char	*cert = getenv("RETRY_STORE_CERT");
	const char	*key = getenv("RETRY_STORE_KEY");

	if (ca != NULL && ca[0] != '\0') {
		if (load(t, "RETRY_STORE_CACERT", ca, TLS_CA, err,
		    errlen) == -1)
			return -1;
	} else if (system_cas(t, err, errlen) == -1)
		return -1;
	if (cert == NULL || cert[0] == '\0') {
		if (key != NULL && key[0] != '\0') {
			snprintf(err, errlen, "TLS: RETRY_STORE_KEY without "
			    "RETRY_STORE_CERT");
			return -1;
		}
		return 0;
	}
	if (key == NULL || key[0] == '\0')
		key = cert;
	if (load(t, "RETRY_STORE_CERT", cert, TLS_CERT, err, errlen) == -1 ||
	    load(t, "RETRY_STORE_KEY", key, TLS_KEY, err, errlen) == -1)
		return -1;
	return 0;
}

/*
 * TLS 1.2 and security level 2 (Debian's openssl.cnf sets the same) at
 * least: raised to, never lowered to, so that what the system's
 * configuration asks for more (MinProtocol = TLSv1.3, a level of 3)
 * stands.
 */
static void
floors(SSL_CTX *ctx)
{
	long	min = ossl.SSL_CTX_ctrl(ctx, SSL_CTRL_GET_MIN_PROTO_VERSION, 0,
		    NULL);

	if (min == 0 || min < TLS1_2_VERSION)
		ossl.SSL_CTX_ctrl(ctx, SSL_CTRL_SET_MIN_PROTO_VERSION,
		    TLS1_2_VERSION, NULL);
	if (ossl.SSL_CTX_get_security_level(ctx) < 2)
		ossl.SSL_CTX_set_security_level(ctx, 2);
}

/* The settings of a run; NULL with one line in err. */
struct tls *
tls_new(char *err, size_t errlen)
{
	struct tls	*t;

	err[0] = '\0';
	if (load_openssl(err, errlen) == -1)
		return NULL;
	if ((t = calloc(1, sizeof *t)) == NULL) {
		snprintf(err, errlen, "TLS: %s", strerror(errno));
		return NULL;
	}
	t->cadir = -1;
	ossl.ERR_clear_error();
	if ((t->ctx = ossl.SSL_CTX_new(ossl.TLS_client_method())) == NULL) {
		snprintf(err, errlen, "TLS: %s", reason("cannot start"));
		free(t);
		return NULL;
	}
	floors(t->ctx);
	ossl.SSL_CTX_set_verify(t->ctx, SSL_VERIFY_PEER, NULL);
	/* We write again with the same bytes, not always the same buffer. */
	ossl.SSL_CTX_ctrl(t->ctx, SSL_CTRL_MODE,
	    SSL_MODE_ACCEPT_MOVING_WRITE_BUFFER, NULL);
	if (settings(t, err, errlen) == -1) {
		tls_free(t);
		return NULL;
	}
	return t;
}

void
tls_free(struct tls *t)
{
	if (t == NULL)
		return;
	ossl.SSL_CTX_free(t->ctx);
	if (t->cadir != -1)
		close(t->cadir);
	free(t->cadir_name);
	free(t);
}

/* The name the peer must have: host's IP address, or its DNS name. */
static int
expect_name(SSL *ssl, const char *host)
{
	unsigned char	buf[sizeof(struct in6_addr)];

	if (inet_pton(AF_INET, host, buf) == 1 ||
	    inet_pton(AF_INET6, host, buf) == 1)
		return ossl.X509_VERIFY_PARAM_set1_ip_asc(ossl.SSL_get0_param(ssl),
		    host) == 1 ? 0 : -1;
	if (ossl.SSL_ctrl(ssl, SSL_CTRL_SET_TLSEXT_HOSTNAME,
	    TLSEXT_NAMETYPE_host_name, (void *)(uintptr_t)host) != 1)
		return -1;
	return ossl.SSL_set1_host(ssl, host) == 1 ? 0 : -1;
}

/* A connection over fd, to host; NULL with one line in err. */
struct tls_conn *
tls_conn_new(struct tls *t, int fd, const char *host, char *err,
    size_t errlen)
{
	struct tls_conn	*c;

	if ((c = calloc(1, sizeof *c)) == NULL) {
		snprintf(err, errlen, "TLS: %s", strerror(errno));
		return NULL;
	}
	c->t = t;
	ossl.ERR_clear_error();
	if ((c->ssl = ossl.SSL_new(t->ctx)) == NULL || ossl.SSL_set_fd(c->ssl, fd) != 1 ||
	    expect_name(c->ssl, host) == -1) {
		snprintf(err, errlen, "TLS: %s", reason("cannot start"));
		tls_conn_free(c);
		return NULL;
	}
	return c;
}

/* Whether OpenSSL's error e says that no protocol version was agreed. */
static int
version_refused(unsigned long e)
{
	switch (ERR_GET_REASON(e)) {
	case SSL_R_TLSV1_ALERT_PROTOCOL_VERSION:
	case SSL_R_UNSUPPORTED_PROTOCOL:
	case SSL_R_NO_PROTOCOLS_AVAILABLE:
	case SSL_R_WRONG_VERSION_NUMBER:
		return 1;
	default:
		return 0;
	}
}

/* The name that openssl.cnf's MinProtocol gives a version. */
static const char *
proto_name(long v)
{
	switch (v) {
	case TLS1_VERSION:
		return "TLSv1";
	case TLS1_1_VERSION:
		return "TLSv1.1";
	case TLS1_2_VERSION:
		return "TLSv1.2";
	case TLS1_3_VERSION:
		return "TLSv1.3";
	default:
		return "no version it names";
	}
}

/* What a step that returned r wants, or why it failed. */
static enum tls_io
outcome(struct tls_conn *c, int r, char *err, size_t errlen)
{
	long	v;

	switch (ossl.SSL_get_error(c->ssl, r)) {
	case SSL_ERROR_WANT_READ:
		return TLS_WANT_READ;
	case SSL_ERROR_WANT_WRITE:
		return TLS_WANT_WRITE;
	case SSL_ERROR_ZERO_RETURN:
		snprintf(err, errlen, "TLS: connection closed");
		return TLS_FAILED;
	case SSL_ERROR_SYSCALL:
		if (ossl.ERR_peek_last_error() == 0) {
			snprintf(err, errlen, "TLS: %s", errno != 0 ?
			    strerror(errno) : "connection closed");
			return TLS_FAILED;
		}
		break;
	default:
		break;
	}
	if ((v = ossl.SSL_get_verify_result(c->ssl)) != X509_V_OK)
		snprintf(err, errlen, "TLS: certificate verify failed: %s%s%s%s",
		    ossl.X509_verify_cert_error_string(v),
		    c->t->skipped[0] != '\0' ? " (passed over " : "",
		    c->t->skipped, c->t->skipped[0] != '\0' ? ")" : "");
	else if (version_refused(ossl.ERR_peek_last_error()))
		snprintf(err, errlen, "TLS: %s: this host's OpenSSL allows %s "
		    "at least (its configuration, OPENSSL_CONF)",
		    reason("failed"), proto_name(ossl.SSL_ctrl(c->ssl,
		    SSL_CTRL_GET_MIN_PROTO_VERSION, 0, NULL)));
	else
		snprintf(err, errlen, "TLS: %s", reason("failed"));
	return TLS_FAILED;
}

enum tls_io
tls_handshake(struct tls_conn *c, char *err, size_t errlen)
{
	int	r;

	ossl.ERR_clear_error();
	errno = 0;
	if ((r = ossl.SSL_connect(c->ssl)) == 1)
		return TLS_DONE;
	return outcome(c, r, err, errlen);
}

enum tls_io
tls_read(struct tls_conn *c, char *buf, size_t len, size_t *got, char *err,
    size_t errlen)
{
	int	r;

	ossl.ERR_clear_error();
	errno = 0;
	if ((r = ossl.SSL_read_ex(c->ssl, buf, len, got)) == 1)
		return TLS_DONE;
	return outcome(c, r, err, errlen);
}

enum tls_io
tls_write(struct tls_conn *c, const char *buf, size_t len, size_t *put,
    char *err, size_t errlen)
{
	int	r;

	ossl.ERR_clear_error();
	errno = 0;
	if ((r = ossl.SSL_write_ex(c->ssl, buf, len, put)) == 1)
		return TLS_DONE;
	return outcome(c, r, err, errlen);
}

void
tls_conn_free(struct tls_conn *c)
{
	if (c == NULL)
		return;
	ossl.SSL_free(c->ssl);
	free(c);
}
