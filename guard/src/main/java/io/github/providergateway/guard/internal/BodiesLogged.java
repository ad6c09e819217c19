package io.github.providergateway.guard.internal;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A whole request's body or headers, or a whole message, written to a log (decisions 127, 282 and
 * 296), for {@link SafeguardEdits} ({@code safeguards.bodies-logged}): an added log call that logs
 * {@code req.body}, {@code json.dumps(request)}, {@code #{sale_req.to_json}}, {@code
 * objectMapper.writeValueAsString(paymentRequest)}, Serilog's {@code {@Request}}, or a request
 * named whole as a format's argument ({@code logger.info("%r", charge_request)}), its arguments
 * read over the lines that follow where the call goes on; and a setting that logs every body:
 * OkHttp's {@code Level.BODY}, {@code httputil.DumpRequest(r, true)}, nginx's {@code $request_body}
 * in a log format, a morgan token of {@code req.body}.
 */
final class BodiesLogged {
  private BodiesLogged() {}

  /** A call that writes to a log or the output. */
  private static final Pattern LOG_CALL =
      Pattern.compile(
          "\\b(?:log(?:ger|ging)?\\.\\w+|console\\.(?:log|info|debug|warn|error)|print(?:ln|f)?"
              + "|puts|System\\.out\\.print\\w*|Log\\.[dievw]|fmt\\.(?:Print|Fprint)\\w*|NSLog"
              + "|Timber\\.\\w+|println!|\\w*[lL]ogger\\.\\w+|Rails\\.logger\\.\\w+|slog\\.\\w+"
              + "|_?log\\.\\w+|LOG\\.\\w+|Log\\.(?:Information|Debug|Warning|Error|Verbose|Fatal)"
              + "|warn|debug|info)\\s*[( ]");

  /** A whole request's body or headers, or a whole message, as one value. */
  private static final Pattern WHOLE_PAYLOAD =
      Pattern.compile(
          "\\br\\.(?:Body|Header|Form|PostForm|MultipartForm)\\b(?![\\w\\[.])"
              // Go's r *http.Request; a bare r's json() or data is Python's response (round 66)
              + "|\\b(?:req|request|ctx\\.req|ctx\\.request|self\\.request|flask\\.request|event|evt"
              + "|httpRequest|HttpContext\\.Request)\\.(?:body|data|json|form|POST|raw_body|rawBody"
              + "|raw_post|payload|get_json\\(\\)|get_data\\(\\)|cookies|headers|META|Body|Headers|Header"
              + "|Form|PostForm|getParameterMap\\(\\))"
              + "(?![\\w\\[]|\\.(?!decode\\(|toString\\(|to_dict\\(|dict\\(|read\\()|\\s*\\[)"
              + "|(?:str|repr|json\\.dumps|JSON\\.stringify|String|toString)\\(\\s*(?:msg|message|hl7"
              + "|hl7_?msg|raw_?msg|raw_?message|raw|payload|bundle|resource|patient|record|request"
              + "|req\\.body|request\\.body|body)\\s*\\)"
              + "|\\b(?:msg|message|hl7|hl7_?msg)\\.(?:to_er7|encode|raw|serialize|toString|to_json)\\(\\)"
              + "|Object\\.fromEntries\\(\\s*req\\.headers\\s*\\)|dict\\(\\s*request\\.headers\\s*\\)"
              + "|\\bparams\\.(?:inspect|to_unsafe_h|to_h)\\b"
              + "|\\b\\w*(?:req|request|Req|Request)\\.(?:(?:to_json|to_h|to_hash|as_json|inspect)\\b(?!\\.(?:keys|length|size|count))|toJSON\\(\\)"
              + "|to_dict\\(\\)|model_dump_json\\(\\)|model_dump\\(\\)|dict\\(\\)|json\\(\\)|__dict__)"
              + "|(?:json\\.dumps|JSON\\.stringify|JSON\\.generate|JSON\\.pretty_generate|writeValueAsString"
              + "|toJson|Marshal|MarshalIndent|pformat|pprint\\.pformat|vars)"
              + "\\(\\s*\\w*(?:req|request|Req|Request)(?:\\.__dict__)?\\s*[,)]"
              + "|\\{@\\w*(?:Req|Request)\\w*\\}"
              + "|[{](?:msg|message|hl7|hl7_?msg|raw_?msg|raw_?message|patient|bundle|resource|req\\.body"
              + "|request\\.body|request\\.data|req\\.headers|request\\.headers|params)(?:!r|!s)?[}]");

  /** A request named whole as a log call's last argument: {@code , charge_request)}. */
  private static final Pattern REQUEST_ARGUMENT =
      Pattern.compile("[(,]\\s*\\w*(?:req|request|Req|Request)\\s*\\)");

  /** A log call's format that shows an object whole: {@code %r}, {@code %s}, {@code {}}. */
  private static final Pattern WHOLE_FORMAT = Pattern.compile("%[rsv]|\\{\\}|\\{0\\}");

  /** A setting or a helper that logs every request's body. */
  private static final Pattern EVERY_BODY =
      Pattern.compile(
          "HttpLoggingInterceptor\\.Level\\.BODY\\b|\\bLevel\\.BODY\\b"
              + "|httputil\\.DumpRequest(?:Out)?\\([^,)]{1,40},\\s*true\\)"
              + "|\\blog_format\\b.*\\$(?:request_body|http_authorization)"
              + "|morgan\\.token\\([^)]{0,40},.*\\breq\\.(?:body|headers)");

  /**
   * An HTTP client's interceptor, its parameter named: axios's {@code
   * api.interceptors.request.use((config) => …}, its response's too.
   */
  private static final Pattern INTERCEPTOR =
      Pattern.compile(
          "\\binterceptors\\.(?:request|response)\\.use\\(\\s*(?:async\\s+)?"
              + "(?:function\\s*\\w*\\s*)?\\(?\\s*(\\w+)");

  /** How far after an interceptor's start its body is read. */
  private static final int INTERCEPTOR_BODY = 600;

  /**
   * An interceptor the change adds that logs what it is given whole (decision 301: {@code
   * api.interceptors.request.use((config) => { logger.info('psp outgoing', config); … })}): every
   * request's config, its headers and its data, goes to the log. Its parameter's fields ({@code
   * config.url}, {@code config.method}) are not read as it whole.
   *
   * @param now the text put in
   * @param old the text taken out
   * @return what it logs, as the reason shows it, or {@code null}
   */
  static String interceptorLogs(String now, String old) {
    if (now.length() > 64 * 1024 || now.indexOf("interceptors.") < 0) {
      return null;
    }
    Matcher interceptor = INTERCEPTOR.matcher(now);
    while (interceptor.find()) {
      String name = interceptor.group(1);
      String body =
          now.substring(
              interceptor.end(), Math.min(now.length(), interceptor.end() + INTERCEPTOR_BODY));
      Matcher call = LOG_CALL.matcher(body);
      Pattern whole = Pattern.compile("[(,]\\s*" + Pattern.quote(name) + "\\s*[,)]");
      while (call.find()) {
        int end = body.indexOf('\n', call.end());
        String line = body.substring(call.start(), end < 0 ? body.length() : end);
        if (whole.matcher(line).find() && !old.contains(line.strip())) {
          return "an interceptor logs " + name + " whole: " + line.strip();
        }
      }
    }
    return null;
  }

  /** How many of the lines after a log call are read as its arguments where it goes on. */
  private static final int CONTINUED = 3;

  /**
   * The lines after line {@code i}, joined, where a call may go on: at most {@link #CONTINUED}.
   *
   * @param lines the text's lines
   * @param i the line's index
   * @return the following lines joined by blanks
   */
  static String following(String[] lines, int i) {
    StringBuilder next = new StringBuilder();
    for (int k = i + 1; k < lines.length && k <= i + CONTINUED; k++) {
      if (lines[k].length() <= SafeguardEdits.MAX_LINE) {
        next.append(' ').append(lines[k].strip());
      }
    }
    return next.toString();
  }

  /**
   * An added line that logs a whole request or message the old text did not, or sets every body
   * logged.
   *
   * @param line the added line
   * @param following the lines after it, joined, read where the call is not closed on its line
   * @param old the text taken out
   * @return what it logs, as the reason shows it, or {@code null}
   */
  static String logged(String line, String following, String old) {
    if (line.length() > SafeguardEdits.MAX_LINE) {
      return null;
    }
    Matcher every = EVERY_BODY.matcher(line);
    if (every.find() && !old.contains(every.group())) {
      return line.length() > 120 ? every.group() : line;
    }
    if (!PatternLiterals.finds(LOG_CALL, line)) {
      return null;
    }
    String call = open(line) ? line + following : line;
    Matcher whole = WHOLE_PAYLOAD.matcher(call);
    while (whole.find()) {
      String before = call.substring(Math.max(0, whole.start() - 8), whole.start());
      if (before.matches(".*(?:len|keys|length|size|sizeof|count)\\(\\s*$")) {
        continue; // its size or its names, not what it holds
      }
      if (!loggedBefore(old, whole.group())) {
        return call.length() > 120 ? whole.group() + " logged" : call;
      }
    }
    Matcher argument = REQUEST_ARGUMENT.matcher(call);
    if (PatternLiterals.finds(WHOLE_FORMAT, call)
        && argument.find()
        && !loggedBefore(old, argument.group())) {
      return argument.group().replaceAll("[(,)\\s]", "") + " logged whole";
    }
    return null;
  }

  /**
   * Whether the old text logged the same already: a log call of its lines holds it ({@code
   * sale_req.to_json} sent as the request's body before is not logged).
   */
  private static boolean loggedBefore(String old, String logged) {
    if (!old.contains(logged)) {
      return false;
    }
    for (String line : old.split("\n", -1)) {
      if (line.contains(logged) && PatternLiterals.finds(LOG_CALL, line)) {
        return true;
      }
    }
    return false;
  }

  /** Whether a line opens more parentheses than it closes: a call that goes on. */
  private static boolean open(String line) {
    int depth = 0;
    for (int i = 0; i < line.length(); i++) {
      char c = line.charAt(i);
      depth += c == '(' ? 1 : c == ')' ? -1 : 0;
    }
    return depth > 0;
  }
}
