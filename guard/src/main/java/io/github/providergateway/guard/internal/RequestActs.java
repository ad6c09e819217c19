package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An HTTP client's request that acts by its own words (session 16, {@code
 * operations.request-acts}): a URL whose query names the act, as a fetch's does ({@link
 * FetchActs#urlActs}: {@code entry.cgi?api=SYNO.Core.Share&method=delete}, {@code
 * job?action=delete}); a body whose act's field names a sure act ({@link SureActs}: {@code
 * {"type":"kill","dataSource":…}}, {@code {"method":"Wallet.Purge"}}, {@code do=kill&channel=all});
 * or a POST to an interface's last segment whose joined words end in an act ({@code
 * /pages/force-delete}, {@code /recipes/bulk_remove}), where the acting path reads only what is
 * between slashes. A request to this machine, a test's or a staging host is no one else's; a
 * search's words ({@code q=delete+account}) and an event's ({@code {"type":"page_view"}}) are not
 * acts.
 */
final class RequestActs {
  private RequestActs() {}

  /** The HTTP clients read. */
  static final Set<String> CLIENTS = NameSet.of("curl", "wget", "http", "https", "xh", "curlie");

  /** A JSON body's field that says what the server is to do, and its text value. */
  private static final Pattern JSON_ACT =
      Pattern.compile(
          "\"(?i:type|action|op|operation|method|command|cmd)\"\\s*:\\s*\"([^\"]{1,80})\"");

  /** A form body's fields that say what the server is to do. */
  private static final Set<String> FORM_ACTS =
      NameSet.of("type", "action", "op", "operation", "method", "command", "cmd", "do");

  /** The options whose value is the request's body. */
  private static final Set<String> BODY_OPTIONS =
      NameSet.of(
          "-d",
          "--data",
          "--data-raw",
          "--data-binary",
          "--data-ascii",
          "--data-urlencode",
          "--json",
          "-F",
          "--form",
          "--form-string");

  /**
   * What the request tells the server to do, or {@code null}.
   *
   * @param scan the call, whose own writing of a body's file ({@code -d @kill.json}) is read
   * @param step an HTTP client's step
   * @return the query's pair, the body's field or the path's segment, as the reason shows it
   */
  static String acts(Scan scan, Step step) {
    if (!CLIENTS.contains(step.program())) {
      return null;
    }
    List<Word> args = step.args();
    String url = null;
    for (Word word : args) {
      String text = word.text();
      if (text.contains("://") && text.length() <= 4096 && !text.startsWith("-")) {
        url = text;
        break;
      }
    }
    if (url == null || !elsewhere(url)) {
      return null;
    }
    String query = FetchActs.urlActs(url);
    if (query != null) {
      return query;
    }
    boolean httpie = !step.program().equals("curl") && !step.program().equals("wget");
    boolean post = false;
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      String body = null;
      if (BODY_OPTIONS.contains(text) && i + 1 < args.size()) {
        body = args.get(++i).text();
      } else if (text.startsWith("--data=") || text.startsWith("--post-data=")) {
        body = text.substring(text.indexOf('=') + 1);
      } else if (text.equals("--post-data") && i + 1 < args.size()) {
        body = args.get(++i).text();
      } else if (httpie && !text.startsWith("-") && !text.contains("://")) {
        body = item(text); // http POST …/rpc method=drop
      }
      if (body != null && body.startsWith("@") && body.length() > 1) {
        String written =
            body.equals("@-")
                ? CallWrittenText.piped(scan, step)
                : CallWrittenText.writtenTo(scan, body.substring(1));
        body = written == null ? "" : written; // red team: a body the call writes, then sends
      }
      if (body != null) {
        post = true;
        String act = bodyActs(body);
        if (act != null) {
          return act;
        }
      }
      post |= text.equals("POST") || text.equals("-XPOST");
    }
    return post ? joinedPathActs(url) : null;
  }

  /** An httpie item ({@code key=value}, {@code key:=value}) as a form's pair, or {@code null}. */
  private static String item(String text) {
    int eq = text.indexOf('=');
    if (eq <= 0 || text.indexOf(' ') >= 0) {
      return null;
    }
    String name = text.substring(0, text.charAt(eq - 1) == ':' ? eq - 1 : eq);
    return name + "=" + text.substring(eq + 1).replace("\"", "");
  }

  /** The body's field that names a sure act: {@code "type":"kill"}, {@code do=kill}. */
  private static String bodyActs(String body) {
    if (body.length() > 16 * 1024) {
      return null;
    }
    if (body.indexOf('{') >= 0) {
      Matcher field = JSON_ACT.matcher(body);
      while (field.find()) {
        if (FetchActs.hasWord(field.group(1), SureActs.VERBS)) {
          return field.group();
        }
      }
      return null;
    }
    for (String pair : body.split("&")) {
      int eq = pair.indexOf('=');
      if (eq > 0
          && FORM_ACTS.contains(pair.substring(0, eq).toLowerCase(Locale.ROOT))
          && FetchActs.hasWord(pair.substring(eq + 1), SureActs.VERBS)) {
        return pair;
      }
    }
    return null;
  }

  /**
   * A POST's last path segment whose words are joined ({@code force-delete}, {@code bulk_remove})
   * and end in an act, under an interface's segment: the acting path's reading, past the joins.
   */
  private static String joinedPathActs(String url) {
    int scheme = url.indexOf("://");
    int path = url.indexOf('/', scheme + 3);
    if (path < 0) {
      return null;
    }
    int end = url.length();
    for (char stop : new char[] {'?', '#'}) {
      int at = url.indexOf(stop, path);
      end = at >= 0 ? Math.min(end, at) : end;
    }
    String[] segments = url.substring(path + 1, end).replaceAll("/+$", "").split("/", 32);
    String last = segments[segments.length - 1];
    if (segments.length < 2 || last.indexOf('-') < 0 && last.indexOf('_') < 0) {
      return null;
    }
    return FetchActs.actingPath(url.substring(0, end) + "?", end) != null ? "/" + last : null;
  }

  /**
   * Whether the URL's host is another machine, not named for a test or staging; a name of the local
   * network ({@code vault.local}, a NAS's) is another machine (round 72: a Synology share deleted).
   */
  private static boolean elsewhere(String url) {
    String host = Hosts.of(url);
    if (host == null) {
      return false;
    }
    String h = host.toLowerCase(Locale.ROOT);
    int colon = h.indexOf(':');
    h = colon < 0 ? h : h.substring(0, colon);
    // a name of the network's own (vault.local, a NAS's) is another machine, not a test's place
    return !PlantPredicates.local(h)
        && (OtherHosts.linkLocalName(h) || !Environments.stagingHost(h))
        && !h.endsWith(".test");
  }
}
