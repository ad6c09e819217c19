package io.github.providergateway.gateway.event;

import java.util.List;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Masks the secrets a reason may quote before it becomes a record (issue 78): a deny or an ask
 * quotes the command it judged, and the command may carry a token. What leaves in the audit trail,
 * the status page and every export is the text with each secret replaced by {@value #MASK}, its
 * shape's public prefix kept ({@code ghp_****}, {@code Authorization: Bearer ****}), so a reader
 * still sees what kind of secret it was and where.
 *
 * <p>Masked, in this order:
 *
 * <ul>
 *   <li>private keys ({@code -----BEGIN … PRIVATE KEY-----} to its end, or to the text's end);
 *   <li>the values of the headers that carry credentials ({@code Authorization}, {@code
 *       Proxy-Authorization}, {@code Cookie}, {@code X-Api-Key}, {@code Private-Token}…), after the
 *       scheme word where there is one;
 *   <li>credentials in URLs ({@code https://user:password@host}: the password; {@code
 *       https://TOKEN@host}: the whole user part);
 *   <li>the known token shapes: GitHub's ({@code ghp_ gho_ ghu_ ghs_ ghr_ github_pat_}), Slack's
 *       ({@code xoxb- xoxp- xoxa- xoxr- xoxs-}), Anthropic's and OpenAI's ({@code sk-…}), AWS
 *       access key ids ({@code AKIA…}, {@code ASIA…}), Google API keys ({@code AIza…}), GitLab's
 *       ({@code glpat-}), npm's ({@code npm_}), JSON web tokens ({@code eyJ….eyJ….…});
 *   <li>options that take a secret ({@code --password}, {@code --token}, {@code --api-key}, {@code
 *       --secret}, {@code --client-secret}, {@code --access-key}…, with {@code =} or a space), and
 *       curl's {@code -u user:password} and {@code --user user:password};
 *   <li>values given to variables named like secrets ({@code GITHUB_TOKEN=…}, {@code
 *       DB_PASSWORD=…}, {@code api_key: …}), unless the value is another variable ({@code $X}) or a
 *       path.
 * </ul>
 *
 * <p>It masks what looks like a secret, so it can mask a little more than one (an option's value
 * that was a file name); it cannot mask what nothing marks as secret (a bare password as a
 * positional argument). The full text is kept only where the person asked for arguments ({@code
 * --audit-args}).
 */
final class SecretMask {

  /** What a secret becomes. */
  static final String MASK = "****";

  private static final String VALUE_END = "\\s'\"`;&|<>)(,}{\\]\\[";

  private static final List<Rule> RULES =
      List.of(
          // A private key: everything from its header to its footer (or the text's end).
          new Rule(
              Pattern.compile(
                  "(-----BEGIN [A-Z ]*PRIVATE KEY-----)[\\s\\S]*?(?:-----END [A-Z ]*PRIVATE"
                      + " KEY-----|$)"),
              m -> m.group(1) + MASK),
          // Credential headers: the value, after a scheme word (Bearer, Basic, token) if any.
          new Rule(
              Pattern.compile(
                  "(?i)\\b((?:proxy-)?authorization|cookie|set-cookie|x-api-key|api-key"
                      + "|x-auth-token|private-token|x-access-token)(\\s*[:=]\\s*)"
                      + "((?:bearer|basic|token|digest|bot)\\s+)?([^\\s'\"`;]+(?:;\\s*[^\\s'\"`;]+)*)"),
              m -> m.group(1) + m.group(2) + nullToEmpty(m.group(3)) + MASK),
          // A password in a URL's user part, or a token as the whole user part.
          new Rule(
              Pattern.compile("(?i)\\b([a-z][a-z0-9+.-]*://)([^\\s/@:'\"]*):([^\\s/@'\"]+)@"),
              m -> m.group(1) + m.group(2) + ":" + MASK + "@"),
          new Rule(
              Pattern.compile(
                  "(?i)\\b([a-z][a-z0-9+.-]*://)([A-Za-z0-9_\\-]{20,}|(?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]+"
                      + "|github_pat_[A-Za-z0-9_]+|glpat-[A-Za-z0-9_\\-]+)@"),
              m -> m.group(1) + MASK + "@"),
          // The known token shapes: the public prefix stays.
          new Rule(
              Pattern.compile(
                  "\\b(ghp_|gho_|ghu_|ghs_|ghr_|github_pat_|xox[abprs]-|sk-ant-[a-z0-9]*-?|sk-proj-"
                      + "|sk-|glpat-|npm_)[A-Za-z0-9_\\-]{8,}"),
              m -> m.group(1) + MASK),
          new Rule(
              Pattern.compile("\\b((?:AKIA|ASIA)[0-9A-Z]{16})\\b"),
              m -> m.group(1).substring(0, 4) + MASK),
          new Rule(Pattern.compile("\\b(AIza)[0-9A-Za-z_\\-]{30,}"), m -> m.group(1) + MASK),
          new Rule(
              Pattern.compile(
                  "\\beyJ[A-Za-z0-9_\\-]{8,}\\.eyJ[A-Za-z0-9_\\-]{8,}\\.[A-Za-z0-9_\\-]*"),
              m -> "eyJ" + MASK),
          // Options that take a secret, and curl's -u/--user user:password.
          new Rule(
              Pattern.compile(
                  "(?i)(\\s--?(?:password|passwd|pass|token|api-key|apikey|access-token|auth-token"
                      + "|secret|client-secret|access-key|secret-key|private-key-password)"
                      + "(?:=|\\s+))(['\"]?)(?!\\$)([^"
                      + VALUE_END
                      + "]+)\\2"),
              m -> m.group(1) + m.group(2) + MASK + m.group(2)),
          new Rule(
              Pattern.compile(
                  "(\\s(?:-u|--user)(?:=|\\s+))(['\"]?)([^:\\s'\"]+):([^" + VALUE_END + "]+)\\2"),
              m -> m.group(1) + m.group(2) + m.group(3) + ":" + MASK + m.group(2)),
          // Variables named like secrets, given a literal value (not $X, not a path).
          new Rule(
              Pattern.compile(
                  "(?i)\\b([A-Za-z0-9_]*(?:secret|token|passwd|password|pwd|api_?key|access_?key"
                      + "|private_?key|credentials?|auth_?token)[A-Za-z0-9_]*)"
                      + "(['\"]?\\s*=\\s*|['\"]\\s*:\\s*)(['\"]?)"
                      + "(?![$/~.])([^"
                      + VALUE_END
                      + "]+)\\3"),
              m ->
                  m.group(4).equals(MASK) || m.group(4).endsWith(MASK)
                      ? m.group()
                      : m.group(1) + m.group(2) + m.group(3) + MASK + m.group(3)));

  private SecretMask() {}

  /**
   * {@code text} with every secret it quotes masked; null for null.
   *
   * @param text a reason, a note, a question
   * @return the text as it may leave the gateway
   */
  static String mask(String text) {
    if (text == null || text.isEmpty()) {
      return text;
    }
    String masked = text;
    for (Rule rule : RULES) {
      masked = rule.apply(masked);
    }
    return masked;
  }

  private static String nullToEmpty(String text) {
    return text == null ? "" : text;
  }

  /** One shape of secret and what it becomes. */
  private record Rule(Pattern pattern, Function<Matcher, String> replacement) {
    String apply(String text) {
      Matcher matcher = pattern.matcher(text);
      if (!matcher.find()) {
        return text;
      }
      StringBuilder out = new StringBuilder(text.length());
      do {
        matcher.appendReplacement(out, Matcher.quoteReplacement(replacement.apply(matcher)));
      } while (matcher.find());
      matcher.appendTail(out);
      return out.toString();
    }
  }
}
