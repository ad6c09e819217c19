package io.github.providergateway.guard.internal;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A credential written into a URL (issue 80, decision 90): a key of a known form ({@code sk_live_},
 * {@code AKIA…}, {@code ghp_…}) in the URL of a request or of the agents' web tools, or a key-named
 * query parameter with a literal value, to a host that is not this machine. The URL is the send:
 * the host, its logs and every proxy on the way keep it. Code, not clauses, as it reads the web
 * tools' arguments as well as the shell's words.
 */
public final class OutRules implements Family {

  /** A credential in a URL. */
  public static final BuiltinRule SECRET_IN_URL = RuleBook.rule("out.secret-in-url");

  /** Keys of a known form, each long enough not to be a word. */
  static final Pattern KEY =
      Pattern.compile(
          "(?:sk|rk)_live_[0-9A-Za-z]{8,}|(?:AKIA|ASIA)[0-9A-Z]{16}|gh[pousr]_[A-Za-z0-9]{20,}"
              + "|github_pat_[A-Za-z0-9_]{20,}|glpat-[A-Za-z0-9_-]{20,}|xox[abprs]-[A-Za-z0-9-]{10,}"
              + "|AIza[0-9A-Za-z_-]{35}|SG\\.[A-Za-z0-9_-]{16,}\\.[A-Za-z0-9_-]{16,}"
              + "|npm_[A-Za-z0-9]{36}|hf_[A-Za-z0-9]{30,}|hvs\\.[A-Za-z0-9_-]{24,}|-----BEGIN");

  /** A query parameter named for a credential, with a literal value of some length. */
  private static final Pattern PARAMETER =
      Pattern.compile(
          "(?i)[?&](?:password|passwd|pwd|secret|client_secret|api_?key|apikey|access_token"
              + "|private_key|aws_secret_access_key|token)=([^&#\\s$]{12,})");

  /** The agents' tools that fetch a URL. */
  static final Set<String> WEB_TOOLS =
      NameSet.of("WebFetch", "web_fetch", "fetch_webpage", "webfetch");

  private static final Set<String> CLIENTS =
      NameSet.of("curl", "wget", "wget2", "http", "https", "xh", "xhs", "httpie", "aria2c", "lynx");

  @Override
  public void scan(Scan scan) {
    CallForRules call = scan.call();
    if (WEB_TOOLS.contains(call.tool())) {
      JsonNode url = call.args().get("url");
      if (url != null && url.isTextual() && carries(url.asText())) {
        scan.hit(SECRET_IN_URL, call.tool() + " of " + FlowReading.shorten(url.asText()));
      }
      return;
    }
    for (Step step : scan.steps()) {
      if (!CLIENTS.contains(step.program())) {
        continue;
      }
      for (Word word : step.args()) {
        if (word.literal() && Hosts.URL.matcher(word.text()).lookingAt() && carries(word.text())) {
          scan.hitFound(SECRET_IN_URL, step, step.shown());
          break;
        }
      }
    }
  }

  /** Whether a URL to another machine holds a credential. */
  static boolean carries(String url) {
    String host = Hosts.of(url);
    if (host == null || Hosts.loopback(host)) {
      return false;
    }
    String rest = url.length() > 4096 ? url.substring(0, 4096) : url;
    if (PatternLiterals.finds(KEY, rest)) {
      return true;
    }
    Matcher parameter = PARAMETER.matcher(rest);
    while (parameter.find()) {
      String value = parameter.group(1);
      if (!value.matches("(?i)x+|\\*+|test|dummy|example|placeholder|changeme|your[_-]?\\w*")) {
        return true;
      }
    }
    return false;
  }
}
