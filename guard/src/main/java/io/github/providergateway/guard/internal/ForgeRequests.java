package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A request to a forge's or a registry's REST API as a program spells it (issue 80, round 10,
 * decision 141): {@code gh api} and {@code glab api} (their {@code -X} and {@code -f} fields), or
 * an HTTP client ({@code curl}, {@code wget}, HTTPie, {@code xh}) with its method, URL and body.
 * The {@code maintainers.*} rules read what the request does from its method, its path and its
 * fields, whichever way the program spells them.
 *
 * @param method the method, upper case: the one given, else {@code POST} where fields or a body are
 *     given, else {@code GET}
 * @param target the path ({@code repos/o/r/pages}) of a forge's client, or the URL without its
 *     scheme ({@code crates.io/api/v1/crates/x/owners}) of an HTTP client
 * @param fields the fields, each {@code key=value} ({@code state=published}; a JSON body's {@code
 *     "state": "published"} read the same)
 * @param computed whether the target is made by the shell ({@code alerts/$n}): a request for each
 *     of a list, or handed by {@code xargs}
 */
record ForgeRequests(String method, String target, List<String> fields, boolean computed) {

  /** The forges' clients, whose {@code api} subcommand sends a request. */
  private static final Set<String> FORGE_CLIENTS = NameSet.of("gh", "glab", "tea");

  /** The HTTP clients read. */
  static final Set<String> HTTP_CLIENTS = NameSet.of("curl", "wget", "http", "https", "xh", "xhs");

  /** A forge client's options that take a value, beside the fields. */
  private static final Set<String> FORGE_VALUES =
      NameSet.of(
          "-H",
          "--header",
          "--input",
          "-q",
          "--jq",
          "-t",
          "--template",
          "--hostname",
          "-p",
          "--preview",
          "--cache",
          "-R",
          "--repo");

  /** A URL's scheme, taken off the target; compiled once, not for every request read. */
  private static final Pattern SCHEME = Pattern.compile("^[a-zA-Z][a-zA-Z0-9+.-]*://");

  /** An HTTP client's options that take a value, beside the method and the body. */
  private static final Set<String> HTTP_VALUES =
      NameSet.of(
          "-H",
          "--header",
          "-u",
          "--user",
          "-o",
          "--output",
          "-A",
          "--user-agent",
          "-b",
          "--cookie",
          "-e",
          "--referer",
          "--connect-timeout",
          "-m",
          "--max-time",
          "-w",
          "--write-out",
          "--retry",
          "-a",
          "--auth",
          "-O",
          "--output-document");

  /** An HTTP client's options whose value is the body: curl's, wget's, HTTPie's. */
  private static final Pattern BODIES =
      Pattern.compile("--(?:data|json|post-data|body-data|raw)(?:[-\\w]*)(?:=|$)");

  private static final Pattern JSON_PAIR =
      Pattern.compile("\"([\\w.\\[\\]-]+)\"\\s*:\\s*(?:\"([^\"]*)\"|(true|false|null|-?\\d+))");

  /**
   * The request a program sends, or {@code null} for a program that is no forge's API client nor an
   * HTTP client, or sends nothing.
   *
   * @param step the program
   * @return its request
   */
  static ForgeRequests of(Step step) {
    String program = step.program();
    if (FORGE_CLIENTS.contains(program)) {
      return forge(step.args());
    }
    return HTTP_CLIENTS.contains(program) ? http(program, step.args()) : null;
  }

  private static ForgeRequests forge(List<Word> args) {
    int at = 0;
    while (at < args.size() && text(args.get(at)).startsWith("-")) {
      at++; // gh -R o/r api …: a global option before the subcommand
    }
    if (at >= args.size() || !text(args.get(at)).equals("api")) {
      return null;
    }
    String method = null;
    String target = null;
    boolean computed = false;
    List<String> fields = new ArrayList<>();
    for (int i = at + 1; i < args.size(); i++) {
      String t = text(args.get(i));
      String next = i + 1 < args.size() ? text(args.get(i + 1)) : null;
      if (t.equals("-X") || t.equals("--method")) {
        method = next;
        i++;
      } else if (t.startsWith("-X") && t.length() > 2) {
        method = t.substring(2);
      } else if (t.startsWith("--method=")) {
        method = t.substring("--method=".length());
      } else if (Set.of("-f", "-F", "--field", "--raw-field").contains(t)) {
        if (next != null) {
          fields.add(next);
        }
        i++;
      } else if (t.startsWith("--field=") || t.startsWith("--raw-field=")) {
        fields.add(t.substring(t.indexOf('=') + 1));
      } else if ((t.startsWith("-f") || t.startsWith("-F")) && t.length() > 2) {
        fields.add(t.substring(2));
      } else if (t.equals("--input") && next != null) {
        fields.add("@" + next); // the fields are in a file: not known here
        i++;
      } else if (FORGE_VALUES.contains(t)) {
        i++;
      } else if (!t.startsWith("-") && target == null) {
        target = t;
        computed = !args.get(i).literal();
      }
    }
    if (target == null) {
      return null;
    }
    if (method == null) {
      method = fields.isEmpty() ? "GET" : "POST";
    }
    return new ForgeRequests(method.toUpperCase(Locale.ROOT), target, fields, computed);
  }

  private static ForgeRequests http(String program, List<Word> args) {
    String method = null;
    String target = null;
    boolean computed = false;
    List<String> fields = new ArrayList<>();
    boolean httpie = !program.equals("curl") && !program.equals("wget");
    for (int i = 0; i < args.size(); i++) {
      String t = text(args.get(i));
      String next = i + 1 < args.size() ? text(args.get(i + 1)) : null;
      if (t.equals("-X") || t.equals("--request") || t.equals("--method")) {
        method = next;
        i++;
      } else if (t.startsWith("-X") && t.length() > 2) {
        method = t.substring(2);
      } else if (t.startsWith("--request=") || t.startsWith("--method=")) {
        method = t.substring(t.indexOf('=') + 1);
      } else if (t.startsWith("-d") || BODIES.matcher(t).lookingAt()) {
        String body = next;
        if (t.startsWith("--") && t.contains("=")) {
          body = t.substring(t.indexOf('=') + 1);
        } else if (t.length() > 2 && t.startsWith("-d")) {
          body = t.substring(2);
        } else {
          i++;
        }
        body(body, fields);
      } else if (HTTP_VALUES.contains(t)) {
        i++;
      } else if (t.startsWith("-")) {
        continue;
      } else if (target == null && (t.contains("://") || t.contains("/"))) {
        target = SCHEME.matcher(t).replaceFirst("");
        computed = !args.get(i).literal();
      } else if (target == null && httpie && t.matches("[A-Za-z]+") && method == null) {
        method = t; // http PATCH url …
      } else if (httpie && target != null && t.contains("=")) {
        fields.add(t.replace(":=", "=").replace("==", "="));
      }
    }
    if (target == null) {
      return null;
    }
    if (method == null) {
      method = fields.isEmpty() ? "GET" : "POST";
    }
    return new ForgeRequests(method.toUpperCase(Locale.ROOT), target, fields, computed);
  }

  /** A body's fields: a JSON object's pairs, or a form's {@code a=b&c=d}. */
  private static void body(String body, List<String> fields) {
    if (body == null) {
      return;
    }
    Matcher pair = JSON_PAIR.matcher(body);
    boolean json = false;
    while (pair.find()) {
      json = true;
      fields.add(pair.group(1) + "=" + (pair.group(2) != null ? pair.group(2) : pair.group(3)));
    }
    if (!json) {
      for (String part : body.split("&")) {
        fields.add(part);
      }
    }
  }

  private static String text(Word word) {
    return word.text() == null ? "" : word.text();
  }

  /**
   * Whether the request is one of these methods to a target the pattern finds, with a field the
   * other finds (or any fields where it is {@code null}).
   *
   * @param methods the methods, upper case
   * @param target what the target holds
   * @param field what one field holds, or {@code null}
   * @return whether it is
   */
  boolean is(Set<String> methods, Pattern target, Pattern field) {
    if (!methods.contains(method) || !target.matcher(this.target).find()) {
      return false;
    }
    if (field == null) {
      return true;
    }
    for (String given : fields) {
      if (field.matcher(given).find()) {
        return true;
      }
    }
    return false;
  }

  /**
   * The value of a field, or {@code null}.
   *
   * @param key its key
   * @return its value
   */
  String field(String key) {
    for (String given : fields) {
      if (given.startsWith(key + "=")) {
        return given.substring(key.length() + 1);
      }
    }
    return null;
  }
}
