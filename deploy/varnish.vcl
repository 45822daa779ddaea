vcl 4.1;

# Varnish in front of the site (docs/deploy.md). It keeps pages, feeds and API replies as long as
# the site's Cache-Control allows a shared cache (s-maxage, else max-age), drops them by cache tag
# when the site purges them (the xkey vmod of Debian's varnish-modules), and serves its copies
# while the site is down (grace).
#
# Run varnishd with `-p http_gzip_support=off`: otherwise Varnish rewrites every Accept-Encoding
# to gzip after vcl_recv, and the site's Brotli replies never reach a visitor.

import std;
import xkey;

# The site is up while /healthz answers (it never touches the database, so a database outage
# still reaches the site, which answers it with 503 and no-store, never kept).
probe site_alive {
    .url = "/healthz";
    .interval = 2s;
    .timeout = 1s;
    .window = 3;
    .threshold = 2;
}

# The site's address: the one line a deployment changes. compose.yaml rewrites it to its proxy;
# for several instances without a proxy, see the round robin of vmod_directors.
backend site { .host = "127.0.0.1"; .port = "4321"; .probe = site_alive; }

# Who may purge: the site's instances, since the instance that writes a change purges every
# Varnish (VARNISH_URLS). Add their addresses here. Never add a range that visitors' requests
# arrive from, such as the address of a load balancer in front of Varnish: anyone could purge.
acl purgers {
    "localhost";
    "127.0.0.1";
    "::1";
}

sub vcl_recv {
    if (req.method == "PURGE") {
        if (client.ip !~ purgers) {
            return (synth(403, "Forbidden"));
        }
        # A hard purge by default: the copies go at once, grace included, so that an unpublished
        # deal is never shown again, not even while the site is down. A soft purge (the copies
        # expire but stay for grace) is there for an operator, e.g. after an import.
        if (req.http.xkey-purge) {
            set req.http.n-gone = xkey.purge(req.http.xkey-purge);
        } elsif (req.http.xkey-softpurge) {
            set req.http.n-gone = xkey.softpurge(req.http.xkey-softpurge);
        } else {
            return (synth(400, "Name the tags in xkey-purge"));
        }
        return (synth(200, "Purged " + req.http.n-gone + " objects"));
    }
    unset req.http.x-cache;
    if (req.method != "GET" && req.method != "HEAD") {
        return (pass);
    }
    # Never kept: the service hooks, the probes and the metrics.
    if (req.url ~ "^/(hooks/|(healthz|readyz|metrics)(\?|$))") {
        return (pass);
    }
    # The site sets and reads no cookie: a visitor's (an analytics script's) must not make every
    # request a pass.
    unset req.http.Cookie;
    # The site sends br and gzip variants with Vary: Accept-Encoding; three variants at most.
    if (req.http.Accept-Encoding ~ "\bbr\b") {
        set req.http.Accept-Encoding = "br";
    } elsif (req.http.Accept-Encoding ~ "\bgzip\b") {
        set req.http.Accept-Encoding = "gzip";
    } else {
        unset req.http.Accept-Encoding;
    }
}

sub vcl_hit {
    # Past its lifetime: served from grace while a fresh copy is fetched, or while the site is down.
    if (obj.ttl <= 0s) {
        set req.http.x-cache = "STALE";
    } else {
        set req.http.x-cache = "HIT";
    }
}

sub vcl_backend_response {
    # xkey indexes a copy by the tags in its own header; the site names them in Surrogate-Key.
    if (beresp.http.Surrogate-Key) {
        set beresp.http.xkey = beresp.http.Surrogate-Key;
    }
    # A failed refresh in the background leaves the copy it would have replaced.
    if (beresp.status >= 500 && bereq.is_bgfetch) {
        return (abandon);
    }
    # An error is passed on and not remembered: the next request asks the site again at once
    # (the built-in VCL would pass this address for 2 minutes).
    if (beresp.status >= 500) {
        set beresp.ttl = 0s;
        set beresp.uncacheable = true;
        return (deliver);
    }
    # Grace is Cache-Control's stale-while-revalidate (Varnish reads it); stale-if-error
    # lengthens it, the time the site allows its copies to stand in for it while it is down.
    if (beresp.http.Cache-Control ~ "stale-if-error=[0-9]+") {
        set beresp.grace = std.duration(
            regsub(beresp.http.Cache-Control, "^.*stale-if-error=([0-9]+).*$", "\1s"),
            beresp.grace);
    }
    # Kept a little longer still, for conditional requests (If-None-Match) once a copy expires.
    set beresp.keep = 1h;
}

sub vcl_backend_error {
    if (bereq.is_bgfetch) {
        return (abandon);
    }
}

sub vcl_deliver {
    set resp.http.X-Cache = "MISS";
    if (req.http.x-cache) {
        set resp.http.X-Cache = req.http.x-cache;
    }
    # Varnish is the surrogate-key cache here: its tags are no business of the visitor's.
    # Cache-Tag stays for a Cloudflare in front of Varnish, which reads it and strips it itself.
    unset resp.http.xkey;
    unset resp.http.Surrogate-Key;
}
