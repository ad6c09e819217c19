package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads of what a database keeps secret or special (decision 187), two kinds of {@link
 * DatabaseWords}, found on a shared database by {@code databases-<kind>} and a database's MCP tool
 * by {@code databases-tool-<kind>}: a SELECT whose columns are credentials' values ({@code
 * basic_auth_password}, {@code refresh_token}, {@code client_secret}, {@code api_key}, a password's
 * hash); and a SELECT of a person's special-category data (GDPR art. 9: orientation, HIV status, a
 * diagnosis, religion, ethnicity, biometrics), of private messages' bodies, or of a person's
 * precise position (latitude and longitude picked by a person's id, Redis's {@code GEOPOS} on a key
 * of users). A column inside an aggregate ({@code count(hiv_status)}) or a statement that groups
 * ({@code GROUP BY}) prints no one; a column that only names one ({@code password_changed_at},
 * {@code password_reset_required}) holds no value. Also a production tool told to pick people by a
 * special category ({@code --orientation gay --env production}).
 */
final class SensitiveReads {
  private SensitiveReads() {}

  /**
   * The SELECT list up to a column's name, which may be qualified ({@code p.hiv_status}) and stands
   * in no function's parentheses right before it ({@code count(token)}, {@code count(DISTINCT …)}).
   */
  private static final String SELECTED =
      "\\bselect\\s(?:(?!\\bfrom\\b)[^;]){0,400}?(?<![(\\w])(?<!distinct\\s)(?:\\w+\\.)?";

  /** The rest of the SELECT list, to its FROM. */
  private static final String TO_FROM = "(?!\\w)(?:(?!\\bfrom\\b)[^;]){0,400}?\\bfrom\\b";

  /** Columns whose values are credentials: a password (or its hash), a token, a key, a secret. */
  static final Pattern SECRETS_SELECTED =
      Pattern.compile(
          "(?i)"
              + SELECTED
              + "(?!(?:is|has)_)((?:[a-z0-9]+_){0,3}(?:password|passwd|password_hash|password_digest"
              + "|secret|token|api_?key|private_?key|otp_seed|totp_seed))"
              + TO_FROM);

  /** Columns of special-category data about a person. */
  private static final String SPECIAL_COLUMNS =
      "(?:[a-z0-9]+_){0,3}(?:sexual_orientation|sexuality|gender_identity|hiv_status|hiv"
          + "|prep_usage|prep_status|sti_status|std_status|diagnosis|diagnoses|diagnosis_codes?"
          + "|medical_conditions?|health_conditions?|mental_health\\w*|disabilit(?:y|ies)"
          + "|pregnancy_status|religion|religious_\\w+|ethnicity|ethnic_origin|racial_origin"
          + "|political_(?:views|affiliation|opinions?)|union_membership|biometric_\\w+"
          + "|face_embeddings?|criminal_records?"
          + "|dx_codes?|psych(?:iatric)?_(?:notes?|history|dx|assessments?)|psychotherapy_notes?)";

  /** A person's special category selected, a private message's body, a person's position. */
  static final Pattern SPECIAL_SELECTED =
      Pattern.compile(
          "(?i)"
              + SELECTED
              + "("
              + SPECIAL_COLUMNS
              + ")"
              + TO_FROM
              + "|"
              + SELECTED
              + "(body|message_body|message_text|content|text)"
              + TO_FROM
              + "\\s+[\\w.`\"]*(?:message|chat|conversation|inbox|direct_msg)"
              + "|"
              + SELECTED
              + "(lat|lng|lon|latitude|longitude)"
              + TO_FROM
              + "[^;]{0,400}?\\bwhere\\b[^;]{0,400}?\\b(?:\\w+\\.)?(?:user|member|profile|customer"
              + "|rider|driver|person|patient|account)_?id\\s*(?:=|\\bin\\b)"
              + "|\\bgeopos\\s+\\S*(?:user|member|profile|rider|driver|people|person)\\S*\\s+\\w");

  /** The kinds of {@link DatabaseWords} this class reads, by name. */
  static final Map<String, Pattern> KINDS =
      Map.of("secrets-selected", SECRETS_SELECTED, "special-selected", SPECIAL_SELECTED);

  /**
   * Whether what a kind's pattern found prints no one's value: its column stands inside a
   * function's parentheses ({@code count(*) FILTER (WHERE hiv_status = …)}, {@code count(DISTINCT
   * token)}), or its statement groups its rows ({@code GROUP BY}).
   */
  static boolean counted(String text, Matcher found) {
    int column = -1;
    for (int g = 1; g <= found.groupCount() && column < 0; g++) {
      column = found.start(g);
    }
    int depth = 0;
    for (int i = found.start(); i < column; i++) {
      char c = text.charAt(i);
      depth += c == '(' ? 1 : c == ')' ? -1 : 0;
    }
    int end = text.indexOf(';', found.start());
    String statement = text.substring(found.start(), end < 0 ? text.length() : end);
    return depth > 0 || PatternLiterals.finds(GROUP_BY, statement);
  }

  private static final Pattern GROUP_BY = Pattern.compile("(?i)\\bgroup\\s+by\\b");

  /** An option whose name picks people by a special category: {@code --orientation}. */
  private static final Pattern SPECIAL_OPTION =
      Pattern.compile(
          "--?(?:[a-z]+-)?(?:orientation|sexual-orientation|sexuality|gender-identity|hiv"
              + "|hiv-status|religion|ethnicity|diagnosis|disability)(?:=.*)?");

  /** What {@link #SPECIAL_OPTION} needs within a word: the category's name. */
  static final WordsWithin SPECIAL_WITHIN =
      new WordsWithin(
          "orientation",
          "sexuality",
          "gender-identity",
          "hiv",
          "religion",
          "ethnicity",
          "diagnosis",
          "disability");

  /** An option that asks for counts only. */
  private static final Pattern COUNTS_ONLY =
      Pattern.compile("--(?:aggregate|aggregates|aggregate-only|count|count-only|stats|summary)");

  /**
   * Whether a program run against production is told to pick people by a special category, and not
   * for counts only.
   */
  static boolean picksBySpecialCategory(Scan scan, Step step) {
    if (!SPECIAL_WITHIN.inAny(step.args())) {
      return false; // no word names a special category: none is picked (most programs)
    }
    boolean picks = false;
    for (Word word : step.args()) {
      String text = word.text().toLowerCase(Locale.ROOT);
      if (PatternLiterals.matches(COUNTS_ONLY, text)) {
        return false;
      }
      picks |= PatternLiterals.matches(SPECIAL_OPTION, text);
    }
    return picks && Environments.production(scan, step);
  }
}
