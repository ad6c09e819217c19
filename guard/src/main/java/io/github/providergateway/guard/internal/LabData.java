package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Redirect;
import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A lab's data and its participants' in the book's {@code lab.*} rules (issue 80, decision 143):
 * controlled-access data copied out or its folder opened, participants' consent overridden or their
 * pseudonyms undone, genotypes handed to an outside model, a workspace or a project opened to the
 * public group.
 *
 * <p>Controlled data is what its path says it is: an EGA or dbGaP accession, a folder {@code ega},
 * {@code controlled}, {@code decrypted}, data held under a transfer agreement ({@code DTA}), or
 * what {@link RegulatedData#marks} calls regulated. Every predicate reads the program's words, its
 * inline code and what it is fed; none reads the disk.
 */
final class LabData {
  private LabData() {}

  /** The parts of a path that say the data is controlled access or held under an agreement. */
  private static final Pattern CONTROLLED =
      Pattern.compile(
          "(?i)/ega/|\\bEGA[DSNFC]\\d{8,}|phs\\d{6}|dbgap|/controlled(?:[-_]access)?/"
              + "|controlled[-_]access|/decrypted/?|(?:^|[/_-])(?:DTA|DUA|MTA)(?:[/_-]|$)"
              + "|/restricted/|/secure/");

  /** Whether a path names controlled data. */
  static boolean controlled(String path) {
    return path.length() < 1024
        && (PatternLiterals.finds(CONTROLLED, path)
            || path.contains("/") && RegulatedData.marks(path));
  }

  /** The programs that copy a folder elsewhere, with their destination last. */
  private static final Set<String> COPIERS =
      NameSet.of(
          "rclone",
          "aws",
          "gsutil",
          "gcloud",
          "azcopy",
          "scp",
          "rsync",
          "sftp",
          "s5cmd",
          "mc",
          "lftp",
          "dx",
          "bs",
          "synapse",
          "gdrive",
          "dropbox_uploader.sh",
          "ascp",
          "globus");

  /** A remote place: a bucket, a URL, an rclone remote ({@code gdrive:…}) or a host's path. */
  private static final Pattern REMOTE =
      Pattern.compile("^(?:[a-z][a-z0-9+.-]*://|[\\w.-]+@?[\\w.-]*:(?!/)|[\\w.@-]+:/)");

  /**
   * Whether the program copies controlled data somewhere remote (a bucket, a drive, another host),
   * or opens its folder to others ({@code setfacl -m g:…}).
   */
  static boolean sharedOut(Step step) {
    String program = step.program();
    List<Word> args = step.args();
    if (program.equals("setfacl")) {
      return opened(args);
    }
    if (!COPIERS.contains(program) || args.size() < 2 || dryRun(program, args)) {
      return false;
    }
    boolean afterSource = false;
    for (Word word : args) {
      String text = word.text();
      if (text.startsWith("-")) {
        continue;
      }
      if (afterSource && PatternLiterals.finds(REMOTE, text)) {
        return true;
      }
      afterSource |= controlled(text);
    }
    return false;
  }

  private static boolean dryRun(String program, List<Word> args) {
    for (Word word : args) {
      String text = word.text();
      if (text.equals("--dry-run")
          || text.equals("--dryrun")
          || program.equals("rsync") && text.matches("-[a-zA-Z]*n[a-zA-Z]*")) {
        return true;
      }
    }
    return false;
  }

  private static final Pattern ACL_OTHERS =
      Pattern.compile("(?:^|,)(?:g(?:roup)?|u(?:ser)?|o(?:ther)?):[^:,]*:?r");

  private static boolean opened(List<Word> args) {
    boolean grants = false;
    boolean onControlled = false;
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      if ((text.equals("-m")
              || text.equals("--modify")
              || text.startsWith("-Rm")
              || text.equals("-M"))
          && i + 1 < args.size()) {
        grants |= PatternLiterals.finds(ACL_OTHERS, args.get(i + 1).text());
      }
      onControlled |= text.startsWith("/") && controlled(text);
    }
    return grants && onControlled;
  }

  /** A grant to the public group of Terra (FireCloud) or Synapse (PUBLIC, authenticated users). */
  private static final Pattern PUBLIC_GROUP =
      Pattern.compile(
          "(?i)public@firecloud\\.org|(?:setPermissions|set_permissions|/acl\\b|set-acl|"
              + "principalId)[^\\n]{0,200}?\\b27394[89]\\b|\\b27394[89]\\b[^\\n]{0,200}?"
              + "(?:setPermissions|accessType|set-acl)");

  /** Whether the program opens a workspace or a project to a public group of its platform. */
  static boolean publicGroup(Step step) {
    String text = PlantPredicates.text(step);
    return !text.isEmpty() && PatternLiterals.finds(PUBLIC_GROUP, text);
  }

  /** Options that include those who refused, withdrew or opted out, or skip the consent check. */
  private static final Pattern CONSENT_FLAGS =
      Pattern.compile(
          "(?i)^--?(?:(?:include|keep|with|add|allow)[-_]?(?:opted[-_]?out|opt[-_]?outs?"
              + "|withdrawn|withdrawals|non[-_]?consent\\w*|unconsented|refused|declined)"
              + "|(?:ignore|skip|no|bypass|override|disable)[-_]?consent[\\w-]*"
              + "|affirm(?:Defaced|Consent)|consent[-_]?(?:scope|filter|check)(?:=(?:any|all|none"
              + "|ignore|off|false|0|skip))?)$");

  private static final Pattern LOOSE_SCOPE =
      Pattern.compile("(?i)^(?:any|all|none|ignore|off|false|0|skip)$");

  /** Whether the program's options include participants who refused, or skip the consent check. */
  static boolean consentOverridden(Step step) {
    List<Word> args = step.args();
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      if (!text.startsWith("-") || text.length() > 80) {
        continue;
      }
      String lower = text.toLowerCase(Locale.ROOT);
      if (!mayOverride(lower) || !PatternLiterals.matches(CONSENT_FLAGS, text)) {
        continue;
      }
      if (lower.matches("--?consent[-_]?(?:scope|filter|check)")) {
        if (i + 1 < args.size() && PatternLiterals.finds(LOOSE_SCOPE, args.get(i + 1).text())) {
          return true;
        }
        continue;
      }
      return true;
    }
    return false;
  }

  /** The words one of the consent options holds: asked before the regex, of every option. */
  private static boolean mayOverride(String option) {
    return option.contains("consent")
        || option.contains("opt")
        || option.contains("withdraw")
        || option.contains("affirm")
        || option.contains("refused")
        || option.contains("declined");
  }

  /** A list of those who withdrew, opted out or may not be contacted. */
  private static final Pattern WITHDRAWALS =
      Pattern.compile(
          "(?i)(?:withdraw|opted[-_]?out|opt[-_]?outs?|do[-_]?not[-_]?contact|consent[-_]?revoked"
              + "|revoked[-_]?consent|dissent)[^/]*$");

  private static final Set<String> EMPTIERS = NameSet.of(":", "true", "echo", "printf", "cat");

  private static final Set<String> REMOVERS = NameSet.of("rm", "unlink", "shred", "truncate");

  /**
   * Whether the program empties, deletes or cuts lines from a list of participants who withdrew or
   * opted out ({@code : > withdrawn.txt}, {@code rm}, {@code truncate -s 0}, {@code sed -i …d}).
   */
  static boolean withdrawalsDropped(Step step) {
    String program = step.program();
    if (REMOVERS.contains(program) || program.equals("sed")) {
      boolean inPlace = !program.equals("sed");
      boolean names = false;
      for (Word word : step.args()) {
        String text = word.text();
        inPlace |= text.startsWith("-i") || text.startsWith("--in-place");
        names |= !text.startsWith("-") && PatternLiterals.finds(WITHDRAWALS, text);
      }
      return inPlace && names;
    }
    if (!EMPTIERS.contains(program)) {
      return false;
    }
    for (Word word : step.args()) {
      String text = word.text();
      if (!text.startsWith("-") && !text.equals("/dev/null") && !text.isEmpty()) {
        return false;
      }
    }
    for (Redirect redirect : step.invocation().redirects()) {
      if (redirect.operator().equals(">") || redirect.operator().equals(">|")) {
        if (redirect.target() != null
            && PatternLiterals.finds(WITHDRAWALS, redirect.target().text())) {
          return true;
        }
      }
    }
    return false;
  }

  /** The command-line clients of outside models. */
  static final Set<String> MODEL_CLIS =
      NameSet.of(
          "llm",
          "aichat",
          "sgpt",
          "chatgpt",
          "gemini",
          "openai",
          "mods",
          "fabric",
          "tgpt",
          "shell-gpt");

  /** A genomic file: variants, alignments, genotypes. */
  private static final Pattern GENOMIC =
      Pattern.compile(
          "(?i)\\.(?:vcf|bcf|gvcf|bam|cram|sam|bgen|pgen|pvar|psam|bed|bim|fam|maf|gds)(?:\\.gz)?$"
              + "|\\.g\\.vcf(?:\\.gz)?$");

  /**
   * The genomic file an earlier program of the call reads, when a later one is an outside model's
   * client ({@code bcftools view … cohort.vcf.gz | llm …}); a header's read alone is none.
   */
  static String genomesToModel(Scan scan) {
    List<Step> steps = scan.steps();
    int model = -1;
    for (int i = 0; i < steps.size(); i++) {
      if (MODEL_CLIS.contains(steps.get(i).program())) {
        model = i;
      }
    }
    for (int i = 0; i < model; i++) {
      Step step = steps.get(i);
      boolean header = false;
      String genomic = null;
      for (Word word : step.args()) {
        String text = word.text();
        header |=
            text.equals("-h") && step.program().equals("bcftools")
                || text.equals("-H") && step.program().equals("samtools")
                || text.equals("--header-only");
        if (genomic == null
            && !text.startsWith("-")
            && PatternLiterals.finds(GENOMIC, text)
            && !RegulatedData.UNMARKS.contains(text.toLowerCase(Locale.ROOT))
            && !text.toLowerCase(Locale.ROOT)
                .matches(".*(?:test|toy|example|synthetic|simulated).*")) {
          genomic = text;
        }
      }
      if (genomic != null && !header) {
        return genomic + " | " + steps.get(model).program();
      }
    }
    return null;
  }
}
