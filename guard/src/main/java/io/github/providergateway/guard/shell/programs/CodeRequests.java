package io.github.providergateway.guard.shell.programs;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The HTTP requests inline code of any language makes that carry something out or delete, read as
 * the curl command that makes the same request (issue 80: a send is a send, whatever the language).
 * {@code requests.post(os.environ['HOOK'], json=…)}, {@code
 * HTTP::Tiny->new->post("https://paste.rs/", {content => $_})}, {@code Net::HTTP.post(URI(u),
 * File.binread(f))}, {@code fetch(u, {method: 'PUT', body})}, {@code urlopen(Request(u, data=…))},
 * {@code file_get_contents(u, false, stream_context_create([… 'method' => 'POST' …]))}, {@code
 * httr::POST(u, body=upload_file(p))}, lua's {@code http.request(u, body)} are {@code curl -X POST
 * --data-binary @FILE URL}, {@code -F file=@FILE}, {@code --data-binary @-} (the code's input), or
 * {@code --data TEXT}; a PUT of a file is {@code curl -T FILE URL}, a DELETE {@code curl -X DELETE
 * URL}. The rules then decide the curl command as they decide anyone's: paste and file-drop hosts,
 * webhooks, records sent to a host nobody named, this machine and the project's own places let
 * through.
 *
 * <p>The shape read: a call named for a method that sends ({@code post}, {@code put}, {@code
 * patch}, {@code delete} on any client) or a request told such a method or given a body, with an
 * address among its arguments (a URL, an environment variable, a name given one) or, for a request
 * whose method is written, the code's. A GET, and a call with no address (a web framework's {@code
 * app.post('/route', …)}), are not requests out.
 */
final class CodeRequests {
  private CodeRequests() {}

  private static final int BOUND = 16 * 1024;

  /** A method call named for a request that sends: {@code x.post(}, {@code $ua->put(}. */
  private static final Pattern METHOD_CALL =
      Pattern.compile(
          "(?i)([A-Za-z_$][\\w$]*|\\))\\s*(?:\\.|->|::)\\s*"
              + "(post|put|patch|delete|post_form|postform|post_multipart|upload)\\s*\\(");

  /** A request call that may be told its method or given a body. */
  private static final Pattern REQUEST_CALL =
      Pattern.compile(
          "(?<![\\w$])(\\$?fetch|ofetch|urlopen|Request(?:\\.new)?|request|file_get_contents"
              + "|curl_init|POST|PUT|PATCH|DELETE|Net::HTTP::(?:Post|Put|Patch|Delete)\\.new"
              + "|HTTP::Request->new)\\s*\\(");

  /** Objects whose {@code post} defines a route of a server, not a request. */
  private static final Set<String> SERVERS =
      Set.of("app", "router", "route", "server", "express", "fastify", "bp", "blueprint");

  private static final Pattern METHOD_GIVEN =
      Pattern.compile(
          "(?i)method['\"]?\\s*(?:[:=]|=>)\\s*['\"](post|put|patch|delete)['\"]"
              + "|^\\s*['\"](post|put|patch|delete)['\"]|\\b(POST|PUT|PATCH|DELETE)\\s*=>");

  private static final Pattern BODY_GIVEN =
      Pattern.compile("\\b(?:data|body|content|json|files|form)['\"]?\\s*(?:=(?!=)|:|=>)");

  private static final Pattern CURL_POSTS =
      Pattern.compile("CURLOPT_(?:POSTFIELDS|POST|UPLOAD)\\b");

  /** Code that sends a file as a form's part. */
  private static final Pattern FORM =
      Pattern.compile("files\\s*=|upload_file|FormData|multipart|form-data|CURLFile|\\bfile\\s*=>");

  private static final Pattern LITERAL = Pattern.compile("\"((?:[^\"\\\\]|\\\\.)*)\"|'([^']*)'");

  /** {@return the curl commands {@code code}'s sending requests stand for, as shell text} */
  static List<String> of(String code) {
    String c = code.length() > BOUND ? code.substring(0, BOUND) : code;
    if (c.indexOf('(') < 0) {
      return List.of();
    }
    CodeAddresses addresses = null;
    Set<String> found = new LinkedHashSet<>();
    Matcher call = METHOD_CALL.matcher(c);
    while (call.find() && found.size() < 8) {
      if (SERVERS.contains(call.group(1).toLowerCase(Locale.ROOT))) {
        continue;
      }
      addresses = addresses == null ? new CodeAddresses(c) : addresses;
      int open = call.end() - 1;
      String arguments = c.substring(open + 1, CodeAddresses.callEnd(c, open));
      String address = addresses.in(arguments);
      String method = call.group(2).toUpperCase(Locale.ROOT);
      if (address == null && !method.equals("DELETE")) {
        // api = axios.create({baseURL: …}); api.post('/x'): the client's own address
        address = web(addresses.in(call.group(1)));
      }
      if (address != null) {
        found.add(
            curl(
                method.startsWith("POST") || method.equals("UPLOAD") ? "POST" : method,
                address,
                arguments,
                c));
      }
    }
    Matcher request = REQUEST_CALL.matcher(c);
    while (request.find() && found.size() < 8) {
      addresses = addresses == null ? new CodeAddresses(c) : addresses;
      int open = request.end() - 1;
      String arguments = c.substring(open + 1, CodeAddresses.callEnd(c, open));
      String name = request.group(1);
      String method = methodOf(name, arguments, c);
      if (method == null) {
        continue; // a GET
      }
      String address = addresses.in(arguments);
      if (address == null && !name.equals("urlopen") && !name.equals("request")) {
        address =
            web(addresses.any()); // curl_init() then CURLOPT_URL, Post.new(uri) of a URI built
      }
      if (address != null) {
        found.add(curl(method, address, arguments, c));
      }
    }
    return List.copyOf(found);
  }

  /** A store's variable: what a client of it names is no web address. */
  private static final Pattern STORE_VARIABLE =
      Pattern.compile("(?i)redis|mongo|database|_db\\b|\\bdb_|sql|postgres|cache|amqp|kafka|dsn");

  /**
   * {@code address} where it may be a web service's: an http(s) URL, or a variable that names no
   * store; else null.
   */
  private static String web(String address) {
    if (address == null) {
      return null;
    }
    if (address.startsWith("'")) {
      return address.regionMatches(true, 1, "http", 0, 4) ? address : null;
    }
    return STORE_VARIABLE.matcher(address).find() ? null : address;
  }

  /** The method a request call makes, or null for a GET. */
  private static String methodOf(String name, String arguments, String code) {
    String upper = name.toUpperCase(Locale.ROOT);
    for (String method : List.of("POST", "PUT", "PATCH", "DELETE")) {
      if (upper.equals(method) || upper.startsWith("NET::HTTP::" + method)) {
        return method;
      }
    }
    Matcher given = METHOD_GIVEN.matcher(arguments);
    if (given.find()) {
      return CodeAddresses.firstGroup(given).toUpperCase(Locale.ROOT);
    }
    if (name.equals("curl_init")) {
      return CURL_POSTS.matcher(code).find() ? "POST" : null;
    }
    if (name.equals("file_get_contents") || name.equals("HTTP::Request->new")) {
      Matcher anywhere = METHOD_GIVEN.matcher(code);
      return anywhere.find() ? CodeAddresses.firstGroup(anywhere).toUpperCase(Locale.ROOT) : null;
    }
    if (BODY_GIVEN.matcher(arguments).find()) {
      return "POST"; // Request(u, data=…), request(u, {body: …})
    }
    if ((name.equals("urlopen") || name.equals("request")) && secondPositional(arguments)) {
      return "POST"; // urlopen(u, data), lua's http.request(u, body)
    }
    return null;
  }

  /** Whether a call is given a second argument by position that can be a body. */
  private static boolean secondPositional(String arguments) {
    int comma = CodeAddresses.atTop(arguments, 0, ",");
    if (comma >= arguments.length() || arguments.charAt(comma) != ',') {
      return false;
    }
    String rest = arguments.substring(comma + 1).strip();
    return !rest.isEmpty()
        && !rest.startsWith("{")
        && !rest.startsWith("(")
        && !rest.startsWith("function")
        && !rest.startsWith("lambda")
        && !rest.matches("(?s)[A-Za-z_]\\w*\\s*=.*");
  }

  /** The curl command of one request. */
  private static String curl(String method, String address, String arguments, String code) {
    if (method.equals("DELETE")) {
      return "curl -X DELETE " + address;
    }
    String body;
    String file = CodeInputs.file(code, InlineAssignments.of(code));
    if (CodeInputs.readsStdin(code)) {
      body = "--data-binary @-";
    } else if (file != null && FORM.matcher(code).find()) {
      body = "-F " + fileWord("file=@" + file);
    } else if (file != null && method.equals("PUT")) {
      return "curl -T " + fileWord(file) + " " + address;
    } else if (file != null) {
      body = "--data-binary " + fileWord("@" + file);
    } else {
      body = "--data " + CodeAddresses.quoted(literals(arguments));
    }
    return "curl -X " + method + " " + body + " " + address;
  }

  /** A plain path as it is, so that a loop's pattern stays a glob; any other quoted. */
  private static String fileWord(String text) {
    return text.matches("[\\w./*?@=+~-]+") ? text : CodeAddresses.quoted(text);
  }

  /** The text the call's string literals give, those naming an address or a variable aside. */
  private static String literals(String arguments) {
    StringBuilder text = new StringBuilder();
    Matcher literal = LITERAL.matcher(arguments);
    while (literal.find() && text.length() < 400) {
      String value = CodeAddresses.firstGroup(literal);
      if (!value.contains("://") && !value.matches("[A-Z][A-Z0-9_]+")) {
        text.append(text.length() == 0 ? "" : " ").append(value);
      }
    }
    return text.toString();
  }
}
