package io.github.providergateway.gateway.event;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Masks the secrets a reason may quote before it becomes a record (issue 78): a deny or an ask
 * quotes the command it judged, and the command may carry a token. What leaves in the audit trail,
 * the status page and every export is the text with each secret replaced by {@value #MASK}, a
 * shape's public prefix or a header's scheme kept ({@code ghp_****}, {@code Authorization: Bearer
 * ****}), so a reader still sees what kind of secret it was and where.
 *
 * <p>Masked:
 *
 * <ul>
 *   <li>private keys ({@code -----BEGIN … PRIVATE KEY-----} or {@code … PRIVATE KEY BLOCK-----}, to
 *       its end or the text's);
 *   <li>the values of headers whose name says credential ({@code Authorization}, {@code X-Api-Key},
 *       {@code X-Vault-Token}, {@code DD-APPLICATION-KEY}, {@code Private-Token}…), after the
 *       scheme word; cookies ({@code Cookie:}, curl's {@code -b}/{@code --cookie}) whose value
 *       looks like a secret;
 *   <li>credentials in URLs ({@code https://user:password@host}: the password; {@code
 *       https://TOKEN@host}: the user part), and a Slack webhook's secret path;
 *   <li>the known token shapes (GitHub, Slack, Anthropic and OpenAI, Stripe, AWS access key ids,
 *       Google API keys, GitLab, npm, PyPI, Vault, Tailscale, JSON web tokens), also when they are
 *       base64-encoded;
 *   <li>options that take a secret ({@code --password}, {@code --token}, {@code --api-key}, {@code
 *       --client-secret}, {@code --authkey}…), curl's and httpie's {@code -u}/{@code -a
 *       user:password}, and the short options of the tools that take a password: {@code mysql -pX},
 *       {@code sshpass -p}, {@code docker login -p}, {@code az login -p}, {@code twine -p}, {@code
 *       redis-cli -a}, {@code ldapsearch -w}, {@code openssl -pass pass:}, {@code htpasswd -b},
 *       {@code chpasswd}'s {@code user:password};
 *   <li>a value given to a key named like a secret ({@code GITHUB_TOKEN=…}, {@code "api_key": "…"},
 *       {@code token: …}, {@code password …}, SQL's {@code PASSWORD '…'} and {@code IDENTIFIED BY
 *       '…'}), unless it is another variable ({@code $X}), a path, a number, or (where only a space
 *       separates it) does not look like a secret.
 * </ul>
 *
 * <p>It masks what looks like a secret, so it can mask a little more than one; it cannot mask what
 * nothing marks as secret (a bare password as a positional argument of a tool it does not know).
 * Measured on a corpus written apart from these rules ({@code SecretCorpusTest}; its first run is
 * kept in {@code benchmarks/results/issue78-secret-corpus-first-run.txt}).
 *
 * <p>A host that shows what a gateway holds outside its records (a page of the questions waiting
 * for the person, a console's log) masks the same way:
 *
 * <pre>{@code
 * SecretMask.mask("curl -H 'Authorization: Bearer ghp_0123456789abcdefghij' https://api.github.com")
 * // curl -H 'Authorization: Bearer ****' https://api.github.com
 * }</pre>
 */
public final class SecretMask {

  /** What a secret becomes. */
  public static final String MASK = "****";

  /** One shell word: quoted parts and plain characters, up to a space or an operator. */
  private static final String WORD = "(?:'[^']*'|\"[^\"]*\"|[^\\s'\"`;&|<>()\\\\])+";

  /** A value's end inside a larger text: a space, a quote, an operator, a literal {@code \n}. */
  private static final String VALUE = "[^\\s'\"`;&|<>(){}\\[\\],\\\\]+";

  /** Words that name a secret in a key, a header or an option. */
  private static final String SECRET_NAME =
      "[A-Za-z0-9_.-]*(?:secret|token|passwd|password|passphrase|storepass|keypass|pwd"
          + "|api[_-]?key|access[_-]?key|account[_-]?key|private[_-]?key|app(?:lication)?[_-]?key"
          + "|auth[_-]?key|credentials?|csrf)[A-Za-z0-9_.-]*";

  /** A key named like a secret that holds no secret: a length, a lifetime, a file, a name… */
  private static final Pattern HARMLESS_KEY =
      Pattern.compile(
          "(?i:.*[_.-](?:len|length|ttl|file|path|dir|url|uri|timeout|expiry|expires|min|max"
              + "|size|count|name|type|mode|enabled|version|header|prefix|env|stdin|ref))"
              + "|.*[a-z](?:Len|Length|Ttl|File|Path|Dir|Url|Name|Ref|Version)"
              + "|.*(?:Password|Passwd|Secret|Token)Key"
              + "|(?i:.*existing-?secret)");

  /** The prefixes of the known token shapes, kept as the shape's name. */
  private static final Pattern TOKEN_SHAPE =
      Pattern.compile(
          "\\b(ghp_|gho_|ghu_|ghs_|ghr_|github_pat_|xox[abprse]-|xapp-|sk-ant-[a-z]+\\d*-|sk-proj-"
              + "|sk-|sk_live_|sk_test_|rk_live_|rk_test_|whsec_|glpat-|npm_|pypi-|hvs\\.|hvb\\."
              + "|tskey-[a-z]+-|dop_v1_|lin_api_|ya29\\.)[A-Za-z0-9_\\-.]{8,}+(?!\\*)");

  /** Values that stand for no secret: defaults everybody knows, placeholders. */
  private static final java.util.Set<String> PLACEHOLDERS =
      java.util.Set.of("changeit", "changeme", "password", "secret", "xxx", "xxxx", "****");

  private static final List<Rule> RULES =
      List.of(
          new Rule(
              "(-----BEGIN [A-Z ]*PRIVATE KEY(?: BLOCK)?-----)(?!\\*{4})[\\s\\S]*?"
                  + "(?:-----END [A-Z ]*PRIVATE KEY(?: BLOCK)?-----|$)",
              m -> m.group(1) + MASK),
          // Cookies: each value that looks like a secret, in a header or curl's -b/--cookie.
          new Rule(
              "(?i)(\\b(?:set-)?cookie\\s*:\\s*['\"]?)([^'\"\\n]*)",
              m -> m.group(1) + cookies(m.group(2))),
          new Rule(
              "(\\s(?:-b|--cookie)(?:=|\\s+))(['\"]?)([^'\"\\s]*=[^'\"\\s]*(?:;\\s*[^'\"\\s]*)*)",
              m -> m.group(1) + m.group(2) + cookies(m.group(3))),
          // Credential headers: the value, after a scheme word if any.
          new Rule(
              "(?i)\\b((?:proxy-)?authorization|"
                  + SECRET_NAME
                  + ")(\\s*:\\s*)(['\"]?)"
                  + "((?:bearer|basic|token|digest|bot|apikey|sso-key|key)\\s+)?+(?![$'\"])"
                  + VALUE,
              m -> m.group(1) + m.group(2) + m.group(3) + nullToEmpty(m.group(4)) + MASK),
          new Rule(
              "(?i)\\b([a-z][a-z0-9+.-]*://)([^\\s/@:'\"]*):([^\\s/@'\"]+)@",
              m -> m.group(1) + m.group(2) + ":" + MASK + "@"),
          new Rule(
              "(?i)\\b([a-z][a-z0-9+.-]*://)([A-Za-z0-9_\\-]{20,}|" + TOKEN_SHAPE.pattern() + ")@",
              m -> m.group(1) + MASK + "@"),
          new Rule(
              "(hooks\\.slack\\.com/services/[A-Z0-9]+/[A-Z0-9]+/)[A-Za-z0-9]+",
              m -> m.group(1) + MASK),
          new Rule(TOKEN_SHAPE.pattern(), m -> m.group(1) + MASK),
          new Rule("\\b((?:AKIA|ASIA)[0-9A-Z]{16})\\b", m -> m.group(1).substring(0, 4) + MASK),
          new Rule("\\b(AIza)[0-9A-Za-z_\\-]{30,}", m -> m.group(1) + MASK),
          new Rule(
              "\\beyJ[A-Za-z0-9_\\-]{8,}\\.eyJ[A-Za-z0-9_\\-]{8,}\\.[A-Za-z0-9_\\-]*",
              m -> "eyJ" + MASK),
          // A base64 word that decodes to a token shape.
          new Rule(
              "(?<![A-Za-z0-9+/=])([A-Za-z0-9+/]{24,}={0,2})(?![A-Za-z0-9+/=])",
              SecretMask::base64Token),
          // Options that take a secret.
          new Rule(
              "(?i)(\\s--?(?:password|passwd|pass|token|api-key|apikey|access-token|auth-token"
                  + "|authkey|auth-key|client-secret|access-key|secret-key|account-key|sas-token"
                  + "|storepass|keypass|passphrase|private-key-password)"
                  + "(?:=|\\s+))(?![$<]|['\"]?\\*{4})("
                  + WORD
                  + ")",
              m -> m.group(1) + masked(m.group(2))),
          new Rule(
              "(\\s(?:-u|--user|-a|--auth)(?:=|\\s+))(['\"]?)([^:\\s'\"$]+):([^\\s'\"]+)\\2",
              m -> m.group(1) + m.group(2) + m.group(3) + ":" + MASK + m.group(2)),
          new Rule(
              "(\\bhttps?\\b[^;&|\\n]*?\\s(?:-a|--auth)(?:=|\\s+))(?![$<]|['\"]?\\*{4})([^:\\s'\"]+)(?=\\s|$)",
              m -> m.group(1) + MASK),
          Rule.ofTool(
              "(\\b(?:mysql|mysqldump|mariadb|mysqladmin)\\b[^;&|\\n]*?\\s-p)(?=\\S)(?![$<]|['\"]?\\*{4})("
                  + WORD
                  + ")",
              m -> m.group(1) + masked(m.group(2))),
          Rule.ofTool(
              "(\\b(?:sshpass|docker\\s+login|podman\\s+login|helm\\s+registry\\s+login|az\\s+login"
                  + "|twine\\s+upload)\\b[^;&|\\n]*?\\s-p\\s*)(?![$<]|['\"]?\\*{4})("
                  + WORD
                  + ")",
              m -> m.group(1) + masked(m.group(2))),
          Rule.ofTool(
              "(\\bredis-cli\\b[^;&|\\n]*?\\s-a\\s+|\\bldap\\w+\\b[^;&|\\n]*?\\s-w\\s+)(?![$<]|['\"]?\\*{4})("
                  + WORD
                  + ")",
              m -> m.group(1) + masked(m.group(2))),
          new Rule(
              "(\\s-pass(?:in|out)?\\s+['\"]?pass:)(" + WORD + ")",
              m -> m.group(1) + masked(m.group(2))),
          new Rule(
              "(\\bhtpasswd\\s+-\\w*n\\w*\\s+"
                  + WORD
                  + "\\s+|\\bhtpasswd\\s+-\\w*b\\w*\\s+"
                  + WORD
                  + "\\s+"
                  + WORD
                  + "\\s+)("
                  + WORD
                  + ")",
              m -> m.group(1) + masked(m.group(2))),
          new Rule(
              "(\\b(?:echo|printf)\\s+(['\"]?)[^:\\s'\"]+:)([^\\s'\"]+)(\\2\\s*\\|\\s*(?:sudo\\s+)?chpasswd)",
              m -> m.group(1) + MASK + m.group(4)),
          Rule.ofTool(
              "(\\bssh-keygen\\b[^;&|\\n]*?\\s-[NP]\\s*)(?![$<]|['\"]?\\*{4})(" + WORD + ")",
              m -> m.group(1) + masked(m.group(2))),
          Rule.ofTool(
              "(\\baz\\s+keyvault\\s+secret\\s+set\\b[^;&|\\n]*?\\s--value(?:=|\\s+))(?![$<]|['\"]?\\*{4})("
                  + WORD
                  + ")",
              m -> m.group(1) + masked(m.group(2))),
          new Rule(
              "(?i)(ConvertTo-SecureString\\s+)(" + WORD + ")",
              m -> m.group(1) + masked(m.group(2))),
          new Rule(
              "(\\bpoetry\\s+config\\s+http-basic\\.\\S+\\s+" + WORD + "\\s+)(" + WORD + ")",
              m -> m.group(1) + masked(m.group(2))),
          // A literal piped into what reads a secret from stdin.
          new Rule(
              "(\\b(?:printf\\s+['\"]?%s['\"]?|echo(?:\\s+-n)?)\\s+)(?![$<]|['\"]?\\*{4})("
                  + WORD
                  + ")"
                  + "(?=\\s*\\|\\s*(?:sudo\\s+)?[^|;&\\n]*(?:--password-stdin|--with-token"
                  + "|secrets\\s+versions\\s+add|secrets\\s+create))",
              m -> m.group(1) + masked(m.group(2))),
          // A URL's query parameter that carries a credential (an Azure SAS signature, a token).
          new Rule(
              "(?i)([?&](?:sig|signature|token|access_token|api_key|apikey|key|password|client_secret"
                  + "|secret|auth)=)([^&\\s'\"#]+)",
              m -> m.group(1) + MASK),
          // UPPER_CASE variables that end in _KEY, _PAT, _PASS with a value that looks secret.
          new Rule(
              "\\b([A-Z][A-Z0-9_]*_(?:KEY|PAT|PASS))(=)(['\"]?)(?![$/~.<])(" + VALUE + ")",
              m ->
                  looksSecret(m.group(4)) && !m.group(4).endsWith(MASK)
                      ? m.group(1) + m.group(2) + m.group(3) + MASK
                      : m.group()),
          // key=VALUE where the value is long and looks like a secret.
          new Rule(
              "\\b((?i:key)=)(?![$/~.<])([A-Za-z0-9+/_\\-]{20,}={0,2})",
              m -> looksSecret(m.group(2)) ? m.group(1) + MASK : m.group()),
          new Rule(
              "(?i)(\\b(?:IDENTIFIED\\s+BY|PASSWORD)\\s+)('[^']+')",
              m -> m.group(1) + "'" + MASK + "'"),
          // Keys named like secrets: KEY=value, "key": "value", key: value.
          new Rule(
              "(?i)(?<!--)\\b("
                  + SECRET_NAME
                  + ")(\\\\*['\"]?\\s*=\\s*|\\\\*['\"]?\\s*:\\s*)(\\\\*['\"]?)(?![$/~.<]|-----)("
                  + VALUE
                  + ")",
              m ->
                  harmless(m.group(1), m.group(4), false)
                      ? m.group()
                      : m.group(1) + m.group(2) + m.group(3) + MASK),
          // password VALUE, secret_access_key VALUE: only what looks like a secret.
          new Rule(
              "(?i)\\b(" + SECRET_NAME + ")(\\s+)(['\"]?)(?![$/~.<])(" + VALUE + ")",
              m ->
                  harmless(m.group(1), m.group(4), true)
                      ? m.group()
                      : m.group(1) + m.group(2) + m.group(3) + MASK));

  private SecretMask() {}

  /**
   * {@code text} with every secret it quotes masked; null for null.
   *
   * @param text a reason, a note, a question
   * @return the text as it may leave the gateway
   */
  public static String mask(String text) {
    if (text == null || text.isEmpty()) {
      return text;
    }
    String masked = text;
    for (Rule rule : RULES) {
      // A tool's rule again while it finds more: its second secret option (ssh-keygen -P … -N …).
      for (int round = 0; round < (rule.again() ? 4 : 1); round++) {
        String next = rule.apply(masked);
        if (next.equals(masked)) {
          break;
        }
        masked = next;
      }
    }
    return masked;
  }

  /**
   * A shell word masked, its quotes kept when it is quoted whole; as it is when it holds no secret:
   * empty, another variable ({@code "$TOKEN"}), or a well-known default ({@code changeit}).
   */
  private static String masked(String word) {
    String bare = word.replaceAll("^['\"]|['\"]$", "");
    if (bare.isEmpty() || bare.startsWith("$") || PLACEHOLDERS.contains(bare.toLowerCase())) {
      return word;
    }
    if (word.length() >= 2
        && (word.charAt(0) == '\'' || word.charAt(0) == '"')
        && word.charAt(word.length() - 1) == word.charAt(0)) {
      return word.charAt(0) + MASK + word.charAt(0);
    }
    return MASK;
  }

  /** {@code name=value; …} with each value that looks like a secret masked. */
  private static String cookies(String pairs) {
    StringBuilder out = new StringBuilder();
    for (String pair : pairs.split(";", -1)) {
      if (!out.isEmpty()) {
        out.append(';');
      }
      int equals = pair.indexOf('=');
      String value = equals < 0 ? "" : pair.substring(equals + 1);
      out.append(
          equals >= 0 && (value.length() >= 16 || looksSecret(value))
              ? pair.substring(0, equals + 1) + MASK
              : pair);
    }
    return out.toString();
  }

  /** Whether a key named like a secret holds something else, so its value stays. */
  private static boolean harmless(String key, String value, boolean spaced) {
    if (value.equals(MASK) || value.endsWith(MASK) || value.matches("\\d+|true|false|null")) {
      return true;
    }
    if (HARMLESS_KEY.matcher(key).matches()) {
      return true;
    }
    return spaced && (value.contains("/") || !looksSecret(value));
  }

  /** At least 8 characters of at least two kinds (lower, upper, digits, symbols). */
  private static boolean looksSecret(String value) {
    if (value.length() < 8) {
      return false;
    }
    int kinds = 0;
    kinds += value.chars().anyMatch(Character::isLowerCase) ? 1 : 0;
    kinds += value.chars().anyMatch(Character::isUpperCase) ? 1 : 0;
    kinds += value.chars().anyMatch(Character::isDigit) ? 1 : 0;
    kinds +=
        value.chars().anyMatch(c -> !Character.isLetterOrDigit(c) && "-_.".indexOf(c) < 0) ? 1 : 0;
    return kinds >= 2;
  }

  /** The base64 word masked when it decodes to a known token shape, else as it is. */
  private static String base64Token(Matcher m) {
    try {
      String decoded = new String(Base64.getDecoder().decode(m.group(1)), StandardCharsets.UTF_8);
      return TOKEN_SHAPE.matcher(decoded).find() ? MASK : m.group();
    } catch (IllegalArgumentException e) {
      return m.group();
    }
  }

  private static String nullToEmpty(String text) {
    return text == null ? "" : text;
  }

  /** One shape of secret and what it becomes. */
  private record Rule(Pattern pattern, Function<Matcher, String> replacement, boolean again) {
    Rule(String regex, Function<Matcher, String> replacement) {
      this(Pattern.compile(regex), replacement, false);
    }

    /** A tool's rule, from the tool's name to one option: applied again for the next. */
    static Rule ofTool(String regex, Function<Matcher, String> replacement) {
      return new Rule(Pattern.compile(regex), replacement, true);
    }

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
