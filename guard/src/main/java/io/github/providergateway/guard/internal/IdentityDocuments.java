package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * People's identity documents (decision 334, round 75): a passport, an identity card, a residence
 * permit, a KYC check's selfie. {@link ChatUploads} reads a file so named as sensitive when it is
 * posted to a chat ({@code mcp__slack__upload_file} with {@code kyc_448120_passport_selfie.jpg}),
 * and {@link #bucketTakenHome} reads a bucket of such documents (or of personal data: {@code pii})
 * copied whole to this machine ({@code aws s3 sync s3://kx-kyc-documents-prod/passports/ /tmp/p/},
 * boto3's {@code download_file} over {@code Bucket("kx-kyc-documents-prod").objects.filter(…)}):
 * every customer's documents then sit in a folder no access control or retention covers.
 *
 * <p>A specimen, a sample or a test's fixture ({@link RecordsCopiedOut#nobodys}) is nobody's; one
 * object fetched by its key, a listing and a copy between buckets are not a bucket taken home.
 */
final class IdentityDocuments {
  private IdentityDocuments() {}

  /** A file's name that is an identity document, or a KYC check's. */
  private static final Pattern DOCUMENT =
      Pattern.compile(
          "(?:^|[_.\\-/])(?:passports?|kyc[_\\-]?\\d+|id[_\\-]?cards?|national[_\\-]?ids?"
              + "|residence[_\\-]?permits?|birth[_\\-]?certificates?|ssn[_\\-]?cards?"
              + "|id[_\\-](?:front|back|scan)|(?:selfie|liveness)(?=.*(?:kyc|liveness|applicant"
              + "|onboarding|verif|passport|[_\\-/]id[_\\-.]))|selfie[_\\-]with[_\\-]id)"
              + "(?:[_.\\-/]|$)");

  /** A bucket's or a folder's name that holds identity documents or personal data. */
  private static final Pattern KEPT =
      Pattern.compile(
          "(?:^|[_.\\-/])(?:kyc|pii|passports?|identity[_\\-]?docs?|id[_\\-]?docs|selfies"
              + "|identity[_\\-]documents?)(?:[_.\\-/]|$)");

  /**
   * The names of {@link #KEPT}: a clause for any program asks {@link #bucketTakenHome} only of a
   * call that holds one ({@link CallClues}).
   */
  static final CallClues KEPT_NAMED = CallClues.of(KEPT);

  /** Code that fetches objects one by one: boto3's, google-cloud-storage's, the AWS SDK's. */
  private static final Pattern FETCHES =
      Pattern.compile("download_file|download_fileobj|\\.download\\(|downloadFile|get_object\\(");

  /** Code that goes over a bucket's objects. */
  private static final Pattern EVERY =
      Pattern.compile(
          "objects\\.(?:all|filter)|list_objects|getFiles|get_paginator|list_blobs|ListObjects");

  /** A quoted name in code: a bucket's. */
  private static final Pattern QUOTED = Pattern.compile("[\"']([A-Za-z0-9._/\\-]{3,120})[\"']");

  /** Whether a file's path names an identity document that is somebody's. */
  static boolean document(String path) {
    String p = path.toLowerCase(Locale.ROOT);
    return PatternLiterals.finds(DOCUMENT, p) && !RecordsCopiedOut.nobodys(path);
  }

  /** Whether a step copies a bucket of identity documents or personal data to this machine. */
  static boolean bucketTakenHome(Step step) {
    if (step.interpreter()) {
      String code = InterpreterCode.of(step);
      return code != null && codeTakesBucket(code);
    }
    List<Word> args = step.args();
    String program = step.program();
    boolean whole =
        program.equals("aws") && args.size() > 3 && args.get(0).text().equals("s3")
            ? args.get(1).text().equals("sync") || recursive(args)
            : (program.equals("gsutil") || program.equals("gcloud")) && wholeCopy(args);
    if (!whole) {
      return false;
    }
    String source = null;
    String target = null;
    for (Word word : args) {
      String text = word.text();
      if (text.startsWith("-")) {
        continue;
      }
      if (source == null && (text.startsWith("s3://") || text.startsWith("gs://"))) {
        source = text;
      } else if (source != null && target == null) {
        target = text; // the word after the source: not an --include's pattern (decision 334)
      }
    }
    return source != null && target != null && !target.contains("://") && kept(source.substring(5));
  }

  private static boolean codeTakesBucket(String code) {
    if (!PatternLiterals.finds(FETCHES, code) || !PatternLiterals.finds(EVERY, code)) {
      return false;
    }
    var quoted = QUOTED.matcher(code);
    while (quoted.find()) {
      if (kept(quoted.group(1))) {
        return true;
      }
    }
    return false;
  }

  private static boolean kept(String name) {
    return PatternLiterals.finds(KEPT, name.toLowerCase(Locale.ROOT))
        && !RecordsCopiedOut.nobodys(name);
  }

  private static boolean recursive(List<Word> args) {
    for (Word word : args) {
      if (word.text().equals("--recursive")) {
        return true;
      }
    }
    return false;
  }

  /** gsutil's and gcloud storage's whole copies: {@code cp -r}, {@code rsync}. */
  private static boolean wholeCopy(List<Word> args) {
    boolean copy = false;
    boolean whole = false;
    for (Word word : args) {
      String text = word.text();
      copy |= text.equals("cp") || text.equals("rsync");
      whole |=
          text.equals("rsync")
              || text.equals("-r")
              || text.equals("-R")
              || text.equals("--recursive");
    }
    return copy && whole;
  }
}
