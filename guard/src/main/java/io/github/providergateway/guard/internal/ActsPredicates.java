package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * What the {@code acts.*} rules ask (decision 93): an agent that holds the person's credentials
 * acting on the world with them. A credentialed write is an HTTP client's request that writes (a
 * method other than GET, HEAD or OPTIONS, or a body) to a host that is not this machine, nor the
 * forges' and registries' own (their work is the forge and publish families'), carrying a
 * credential: an {@code Authorization} or API-key or token header, {@code -u user:secret}, a
 * variable whose name says it holds a secret, a token printed by a CLI ({@code $(gcloud auth
 * print-access-token)}). It destroys where its method is DELETE, the URL's path says a verb that
 * loses, spends or reaches people ({@link #DESTROYING}), or production is named. Inline code is
 * read the same way, by its HTTP library's call, and by a service's SDK called with such a verb.
 */
final class ActsPredicates {
  private ActsPredicates() {}

  private static final Set<String> HTTP = NameSet.of("curl", "wget", "http", "https", "xh", "xhs");

  /** The forges' and the registries' hosts: the project's own, decided by their families. */
  private static final Set<String> OWN =
      NameSet.of(
          "github.com",
          "api.github.com",
          "uploads.github.com",
          "gitlab.com",
          "bitbucket.org",
          "api.bitbucket.org",
          "codeberg.org",
          "dev.azure.com",
          "registry.npmjs.org",
          "upload.pypi.org",
          "test.pypi.org",
          "pypi.org",
          "rubygems.org",
          "crates.io",
          "central.sonatype.com",
          "oss.sonatype.org",
          "s01.oss.sonatype.org",
          "repo.maven.apache.org",
          "plugins.gradle.org",
          "api.nuget.org",
          "hex.pm",
          "pub.dev",
          "packagist.org",
          "hub.docker.com",
          "ghcr.io",
          "quay.io");

  /**
   * The words of a URL's path that lose something, spend money or reach people: a write whose path
   * says one is denied, not asked.
   */
  static final Set<String> DESTROYING =
      NameSet.of(
          "delete",
          "destroy",
          "remove",
          "wipe",
          "trim",
          "truncate",
          "revoke",
          "deactivate",
          "disable",
          "suspend",
          "unfreeze",
          "freeze",
          "lock",
          "ban",
          "block",
          "terminate",
          "cancel",
          "close",
          "seal",
          "refund",
          "refunds",
          "payout",
          "payouts",
          "transfer",
          "transfers",
          "charge",
          "charges",
          "withdraw",
          "withdrawals",
          "detokenize",
          "reveal",
          "unmask",
          "reply",
          "prune",
          "kick",
          "bans",
          "expunge",
          "obliterate",
          "shutdown",
          "reset",
          "broadcast",
          "blast",
          "bulk",
          "newsletter",
          "campaign",
          "campaigns");

  /** A path's last word that makes its DELETE one of everything: a console's delete-all. */
  private static final Set<String> EVERYTHING = NameSet.of("all", "everything");

  /** The words of a path that send a message: denied where the body says it goes to many. */
  private static final Set<String> SENDING =
      NameSet.of("send", "messages", "message", "notifications", "notification", "sms", "push");

  /** What a message's body says when it goes to many: a topic, a segment, everyone. */
  private static final List<String> TO_MANY =
      List.of(
          "\"topic\"",
          "/topics/",
          "\"condition\"",
          "segments",
          "all_users",
          "all users",
          "\"all\"",
          "everyone",
          "subscribed");

  /** Adds each predicate of a program under its name. */
  static void addTo(Map<String, Where.Predicate> named) {
    named.put(
        "credentialed-write",
        (scan, step, read) -> {
          Request request = write(scan, step);
          return request != null && !request.reads() && !TestEndpoints.in(step);
        });
    named.put(
        "credentialed-destroy",
        (scan, step, read) -> {
          Request request = write(scan, step);
          return request != null && request.destroys() && !request.reads();
        });
    named.put("sdk-acts", (scan, step, read) -> sdkActs(step));
  }

  /** Adds each predicate of the whole call under its name. */
  static void addCallsTo(Map<String, Where.CallPredicate> named) {
    named.put("mass-send", MassSends::massSend);
    named.put("tool-acts-by-name", ToolActs::toolActs);
    named.put("tool-acts-surely-by-name", ToolActs::toolActsSurely);
    named.put("tool-changes-by-name", ToolChanges::toolChanges);
  }

  /**
   * A name's or a path's words, lower case: split at what is no letter and at case changes ({@code
   * adjustBalance}, {@code create_refund}, {@code /lifecycle/deactivate}), over its first 2 KiB.
   */
  static List<String> words(String name) {
    List<String> words = new java.util.ArrayList<>();
    int n = Math.min(name.length(), 2048);
    int start = -1;
    for (int i = 0; i <= n; i++) {
      char c = i < n ? name.charAt(i) : '_';
      boolean letter = Character.isLetter(c);
      boolean split =
          letter
              && start >= 0
              && Character.isUpperCase(c)
              && Character.isLowerCase(name.charAt(i - 1));
      if (!letter || split) {
        if (start >= 0) {
          words.add(name.substring(start, i).toLowerCase(Locale.ROOT));
        }
        start = letter ? i : -1;
      } else if (start < 0) {
        start = i;
      }
    }
    return words;
  }

  /**
   * A credentialed write as read: whether it destroys, and where to.
   *
   * @param destroys whether it is denied rather than asked
   * @param host the host written to, or {@code null} where the URL is computed
   * @param reads whether it acts only in a loop: a credentialed read of what a service protects, a
   *     DELETE left to {@code cloud.delete} (decision 111)
   */
  record Request(boolean destroys, String host, boolean reads) {
    Request(boolean destroys, String host) {
      this(destroys, host, false);
    }
  }

  private static final Request NONE = new Request(false, "");

  /** The HTTP clients' options whose value is the next word and never the URL. */
  private static final Set<String> VALUED =
      NameSet.of(
          "-H",
          "--header",
          "-u",
          "--user",
          "-o",
          "--output",
          "-w",
          "--write-out",
          "-A",
          "--user-agent",
          "-e",
          "--referer",
          "-b",
          "--cookie",
          "-c",
          "--cookie-jar",
          "-F",
          "--form",
          "-X",
          "--request",
          "--method",
          "-T",
          "--upload-file",
          "-K",
          "--config",
          "--cacert",
          "--cert",
          "--key",
          "-x",
          "--proxy",
          "-m",
          "--max-time",
          "--connect-timeout",
          "-O",
          "--output-document",
          "-a",
          "--auth",
          "--oauth2-bearer");

  /**
   * The words of a path that reveal what a service protects: a credentialed read of one is no
   * write, but a loop of them is a bulk reveal ({@code xargs … curl …/tokens/{}/reveal}).
   */
  private static final Set<String> REVEALING =
      NameSet.of("reveal", "detokenize", "unmask", "decrypt", "plaintext", "export");

  /**
   * Whether a request is decided by another family: any request to a forge or a registry, and the
   * one a service of production's (environments.json) reads: its host (where it names hosts), its
   * path and its method, whatever else the service asks of it ({@code purge_everything}), so that
   * purging one URL is no credentialed write. A service's host is not all of its API: Cloudflare's
   * DNS records are dns-repoint's, its zone's settings and rulesets this family's (decision 101).
   *
   * @param host the host written to
   * @param path the URL's path, or {@code null} where it is not known
   * @param method the method, lower case, or {@code null} for any (inline code)
   */
  static boolean decidedElsewhere(String host, String path, String method) {
    if (OWN.contains(host)) {
      return true;
    }
    if (path == null) {
      return false;
    }
    String p = path.toLowerCase(Locale.ROOT);
    for (Environments.Service service : Environments.services()) {
      if (service.production() || method != null && !service.methods().contains(method)) {
        continue;
      }
      boolean hostMatches = service.hosts().isEmpty();
      for (String h : service.hosts()) {
        hostMatches |= host.equals(h) || host.endsWith("." + h);
      }
      if (!hostMatches) {
        continue;
      }
      for (String part : service.paths()) {
        if (p.contains(part)) {
          return true;
        }
      }
    }
    return false;
  }

  /**
   * Whether a credential word is a test account's key: {@code sk_test_…}, {@code rk_test_…}, or a
   * variable named for one ({@code $SHIPENGINE_TEST_KEY}, {@code $FEDEX_SANDBOX_TOKEN}, UPS's
   * integration environment's {@code $UPS_CIE_TOKEN}: decision 144).
   */
  private static boolean testKey(String text) {
    return text.contains("_test_")
        || text.contains(": TEST_") // ShipEngine's test keys
        || text.contains(": EZTK") // EasyPost's
        || text.indexOf('$') >= 0 && PatternLiterals.finds(TEST_VARIABLE, text);
  }

  /**
   * Whether an HTTP client's request carries a test account's key as its credential ({@link
   * #testKey}): a request of a service's test mode, which acts on no one (decision 144).
   */
  static boolean carriesTestKey(String program, List<Word> args) {
    boolean httpie = !program.startsWith("wget") && !program.equals("curl");
    for (int i = 0; i < args.size(); i++) {
      Word word = args.get(i);
      String text = word.text();
      String written = word.written() != null ? word.written() : text;
      if (RequestCredentials.credential(text, written, i > 0 ? args.get(i - 1).text() : "", httpie)
          && (testKey(text) || testKey(written))) {
        return true;
      }
    }
    return false;
  }

  private static final Pattern TEST_VARIABLE =
      Pattern.compile("\\$\\{?(?:[A-Z0-9_]*_)?(?:TEST|SANDBOX|CIE)(?:_[A-Z0-9_]*)?\\}?(?![\\w])");

  /** The program's credentialed write, read once a call; {@code null} for none. */
  static Request write(Scan scan, Step step) {
    if (!HTTP.contains(step.program()) && !step.interpreter()) {
      return null; // most programs: a set lookup
    }
    Map<Step, Request> read =
        scan.once("ActsPredicates.writes", s -> new java.util.IdentityHashMap<>());
    Request request = read.computeIfAbsent(step, s -> readWrite(scan, s));
    return request == NONE ? null : request;
  }

  private static Request readWrite(Scan scan, Step step) {
    if (step.interpreter()) {
      String code = InterpreterCode.of(step);
      Request request = code == null ? null : InlineActs.write(code);
      return request == null ? NONE : request;
    }
    List<Word> args = step.args();
    String method = ServiceCalls.method(step.program(), args);
    boolean get = method.equals("get") || method.equals("head") || method.equals("options");
    // A DELETE to another machine is cloud.delete's, asked in every preset; to a host named for
    // production it is denied here.
    boolean delete = method.equals("delete");
    boolean credential = false;
    StringBuilder body = new StringBuilder();
    String host = null;
    String path = null;
    boolean urlSeen = false;
    boolean httpie = !step.program().startsWith("wget") && !step.program().equals("curl");
    for (int i = 0; i < args.size(); i++) {
      Word word = args.get(i);
      String text = word.text();
      String written = word.written() != null ? word.written() : text;
      boolean carries =
          RequestCredentials.credential(text, written, i > 0 ? args.get(i - 1).text() : "", httpie);
      if (carries && (testKey(text) || testKey(written))) {
        return NONE; // a test account's key (sk_test_…): no one's money or people
      }
      credential |= carries;
      if (text.startsWith("-")) {
        continue;
      }
      String prior = i > 0 ? args.get(i - 1).text() : "";
      if (prior.equals("-d")
          || prior.startsWith("--data")
          || prior.equals("--json")
          || prior.equals("--post-data")
          || prior.equals("--body-data")) {
        body.append(text.toLowerCase(Locale.ROOT)).append(' ');
        continue;
      }
      if (VALUED.contains(prior)) {
        continue; // a header's, a user's, an output's value: no URL
      }
      String url = url(text, written, httpie && !urlSeen);
      if (url == null) {
        if (httpie && urlSeen) {
          body.append(text.toLowerCase(Locale.ROOT)).append(' ');
        }
        continue;
      }
      String h = url.startsWith("$") ? null : Hosts.of(url);
      if (h != null && local(h)) {
        continue;
      }
      if (h != null && decidedElsewhere(h, path(url), method)) {
        return NONE; // the forges', the registries', and production's services' (their rules')
      }
      urlSeen = true;
      host = h;
      path = path(url);
    }
    // A host named for production is reached with the network's trust: writing there needs no
    // header to act in the person's name.
    credential |= host != null && Environments.namesProduction(host);
    if (!credential || !urlSeen) {
      return NONE;
    }
    if (get) {
      return says(path, REVEALING) ? new Request(false, host, true) : NONE;
    }
    if (ReadingPaths.readsOnly(path, body.toString())) {
      return NONE;
    }
    if (delete) {
      // Elsewhere, one DELETE is cloud.delete's ask; a loop of them is a mass send (decision 111).
      boolean everything = path != null && EVERYTHING.contains(lastWord(path));
      return host != null && Environments.namesProduction(host) || everything
          ? new Request(true, host)
          : new Request(false, host, true);
    }
    boolean destroys =
        grantsAdministrator(body.toString())
            || says(path, DESTROYING)
            || says(path, SENDING) && toMany(body.toString())
            || host != null && Environments.namesProduction(host)
            // a path's p1 is a record's id (/payrolls/p1/submit), not a tier (decision 205)
            || path != null && Environments.namedByName(path);
    return new Request(destroys, host);
  }

  /** A path's last word of letters, lower case, its query left out. */
  static String lastWord(String path) {
    int end = path.length();
    for (char stop : new char[] {'?', '#'}) {
      int at = path.indexOf(stop);
      if (at >= 0 && at < end) {
        end = at;
      }
    }
    end = Math.min(end, 2048);
    while (end > 0 && !Character.isLetter(path.charAt(end - 1))) {
      end--;
    }
    int start = end;
    while (start > 0 && Character.isLetter(path.charAt(start - 1))) {
      start--;
    }
    return path.substring(start, end).toLowerCase(Locale.ROOT);
  }

  /** Whether a host is this machine or a service of the project's compose file. */
  static boolean local(String host) {
    return Hosts.loopback(host)
        || Environments.localHost(host)
        || Environments.composeService(host);
  }

  /**
   * A word as a URL: one with a scheme, one that starts with a variable and goes on with a path
   * ({@code "$VAULT_ADDR/v1/…"}), httpie's first positional ({@code :3000/x}, {@code api.x.com/y}).
   */
  private static String url(String text, String written, boolean httpieFirst) {
    if (text.contains("://")) {
      return text;
    }
    if (written.contains("://")) {
      return written;
    }
    String w = written.startsWith("\"") ? written.substring(1) : written;
    if (w.startsWith("$") && w.indexOf('/') > 0) {
      return w;
    }
    if (httpieFirst) {
      if (text.startsWith(":")) {
        return "http://localhost" + text;
      }
      int slash = text.indexOf('/');
      String host = slash > 0 ? text.substring(0, slash) : text;
      if (host.indexOf('.') > 0 && !host.contains("=") && !host.contains("@")) {
        return "https://" + text;
      }
    }
    return null;
  }

  private static String path(String url) {
    int scheme = url.indexOf("://");
    int slash = url.indexOf('/', scheme >= 0 ? scheme + 3 : 0);
    return slash < 0 ? "" : url.substring(slash);
  }

  /** Whether a path's words ({@link #words}) hold one of these. */
  static boolean says(String path, Set<String> words) {
    if (path == null) {
      return false;
    }
    for (String word : words(path)) {
      if (words.contains(word)) {
        return true;
      }
    }
    return false;
  }

  /**
   * What a body says when it makes someone an administrator or an owner (decision 111): Discord's
   * Administrator bit, a role or an access level given, an admin flag set.
   */
  private static final List<String> ADMINISTRATOR =
      List.of(
          "\"permissions\":\"8\"",
          "\"role\":\"admin\"",
          "\"role\":\"administrator\"",
          "\"role\":\"owner\"",
          "\"is_admin\":true",
          "\"admin\":true",
          "\"site_admin\":true",
          "\"administrator\":true",
          "\"access_level\":50",
          "role=admin",
          "role=owner");

  private static boolean grantsAdministrator(String body) {
    if (body.indexOf("admin") < 0
        && body.indexOf("permissions") < 0
        && body.indexOf("owner") < 0
        && body.indexOf("access_level") < 0) {
      return false;
    }
    String tight = body.replace(" ", "");
    for (String grant : ADMINISTRATOR) {
      if (tight.contains(grant)) {
        return true;
      }
    }
    return false;
  }

  private static boolean toMany(String body) {
    for (String many : TO_MANY) {
      if (body.contains(many)) {
        return true;
      }
    }
    return false;
  }

  /** Whether inline code calls a service's SDK with a verb that loses, spends or reaches people. */
  private static boolean sdkActs(Step step) {
    if (!step.interpreter()) {
      return false;
    }
    String code = InterpreterCode.of(step);
    return code != null && InlineActs.sdkActs(code);
  }
}
