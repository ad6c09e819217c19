package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.internal.FlowReading.Found;
import io.github.providergateway.guard.shell.Word;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What inline code ({@code python -c}, {@code node -e}, {@code ruby -e}, {@code perl -e}, {@code
 * php -r}, {@code deno eval}) takes in and sends, for the flow rules, read from its text: the
 * libraries' calls that send (a request with a body, a socket, mail), those that fetch, and a
 * secret variable it uses.
 */
final class InlineFlows {

  /** Code that sends: a request with a body, a socket, mail. */
  static final Pattern SENDS =
      Pattern.compile(
          "(?i)requests\\.(?:post|put|patch|request)|httpx\\.(?:post|put|patch|request)"
              + "|urlopen\\([^)]*data|urllib\\.request\\.Request|Request\\([^)]*data"
              + "|http\\.client|HTTPS?Connection|urllib3|method\\s*[:=]\\s*['\"](?:post|put|patch)"
              + "|\\.post\\(|\\.put\\(|body\\s*:|socket|dgram|net\\.connect|tls\\.connect"
              + "|smtplib|sendmail|Net::HTTP|Net::SMTP|TCPSocket|UDPSocket|IO::Socket|LWP.*post"
              + "|stream_context_create|fsockopen|curl_exec|XMLHttpRequest|sendBeacon|WebSocket"
              + "|https?\\.request\\(");

  /** The JavaScript runtimes read as interpreters here; a constant, not a list a program. */
  private static final List<String> NODE_LIKE = List.of("node", "bun", "deno");

  /** Code that fetches. */
  static final Pattern FETCHES =
      Pattern.compile(
          "(?i)requests\\.get|httpx\\.get|urlopen|urlretrieve|fetch\\(|axios|https?\\.get"
              + "|Net::HTTP|LWP::|open-uri|file_get_contents\\(['\"]https?:");

  /** A secret variable's value used by code: {@code process.env.X}, {@code os.environ['X']}. */
  private static final Pattern SECRET_VARIABLE =
      Pattern.compile(
          "(?:process\\.env\\.|process\\.env\\[['\"]|os\\.environ\\[['\"]|os\\.environ\\.get\\(['\"]"
              + "|os\\.getenv\\(['\"]|ENV\\[['\"]|\\$ENV\\{['\"]?|getenv\\(['\"]|Deno\\.env\\.get\\(['\"])"
              + "([A-Za-z_][A-Za-z0-9_]*)");

  private InlineFlows() {}

  /** Reads a program's inline code, if it has any. */
  static void read(Step step, Found found) {
    String code = code(step);
    if (code == null) {
      return;
    }
    String line = FlowReading.shorten(step.shown());
    Matcher variable = SECRET_VARIABLE.matcher(code);
    while (variable.find()) {
      if (SecretNames.secret(variable.group(1))) {
        found.secret(line + " (uses $" + variable.group(1) + ")");
        break;
      }
    }
    if ((code.contains("dict(os.environ")
        || code.contains("print(os.environ")
        || code.contains("process.env)")
        || code.contains("JSON.stringify(process.env")
        || EnvironmentDumps.stringifiesEnvironment(code))) {
      found.secret(line + " (the whole environment)");
    }
    boolean local = Hosts.onlyLoopback(code);
    if (PatternLiterals.finds(SENDS, code) && !local) {
      found.untrusted(line);
      found.send("REQUEST", Hosts.firstElsewhere(code), line);
    } else if (PatternLiterals.finds(FETCHES, code) && !local) {
      found.untrusted(line);
    }
  }

  /** The inline code of an interpreter's call, or null. */
  private static String code(Step step) {
    List<Word> args = step.args();
    if (step.program().equals("deno") && args.size() > 1 && args.get(0).text().equals("eval")) {
      return args.get(1).text();
    }
    if (!step.interpreter() && !NODE_LIKE.contains(step.program())) {
      return null;
    }
    if (step.program().endsWith("sh")) {
      return null; // a shell's -c is parsed as commands
    }
    for (int i = 0; i + 1 < args.size(); i++) {
      String flag = args.get(i).text();
      if (flag.matches("-[A-Za-z]*[cepr]|--eval|--print")) {
        return args.get(i + 1).text();
      }
    }
    return null;
  }
}
