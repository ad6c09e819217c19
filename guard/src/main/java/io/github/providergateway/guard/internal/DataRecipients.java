package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A new recipient of people's data written into a configuration (round 61), for {@code
 * loosens.data-recipient-added}: an export's, a feed's or a sync's settings given an entry whose
 * address is a party the old text never named ({@code endpoint:
 * https://ingest.studybuddy-ai.io/v1/roster}) and whose lines name people's data ({@code fields:
 * [name, dob, grades, iep_flag, address]}). From the next run on, the job sends those records to
 * that party, which no agreement may cover. An address on this machine or a staging host, an entry
 * that names no one's data (a webhook, a metrics sink), a test's or documentation's file, and a new
 * file (its first recipients) are none.
 */
final class DataRecipients {
  private DataRecipients() {}

  /** An address given to a key: {@code endpoint: https://…}, {@code "url": "sftp://…"}. */
  private static final Pattern ADDRESS =
      Pattern.compile(
          "['\"]?[A-Za-z_][\\w.\\-]{0,80}['\"]?\\s*(?::|=|=>)\\s*['\"]?"
              + "(?:https?|sftp|ftps?|s3|gs|wss?)://([A-Za-z0-9.\\-]{3,200})");

  /** The files a configuration is kept in. */
  private static final Set<String> CONFIGS =
      NameSet.of("yaml", "yml", "json", "toml", "ini", "conf", "cfg", "properties", "xml", "env");

  /** Words of people's data, beyond a name: what makes a record a person's. */
  private static final Set<String> PERSONAL =
      NameSet.of(
          "dob",
          "birth",
          "birthdate",
          "birthday",
          "ssn",
          "sin",
          "nino",
          "address",
          "addresses",
          "phone",
          "mobile",
          "email",
          "grades",
          "iep",
          "ell",
          "disability",
          "diagnosis",
          "diagnoses",
          "medical",
          "health",
          "mrn",
          "insurance",
          "salary",
          "income",
          "passport",
          "ethnicity",
          "race",
          "religion",
          "gender",
          "medications",
          "allergies",
          "attendance",
          "discipline");

  /** Words that say an entry is where records are sent: a list of recipients, its fields. */
  private static final Set<String> SENDING =
      NameSet.of(
          "recipients",
          "recipient",
          "destinations",
          "destination",
          "vendors",
          "vendor",
          "partners",
          "partner",
          "export",
          "exports",
          "sharing",
          "share",
          "feed",
          "feeds",
          "sync",
          "roster",
          "integrations",
          "fields",
          "columns",
          "attributes");

  /**
   * The new recipient a change writes, or {@code null}.
   *
   * @param old the text taken out, empty for a new file
   * @param now the text put in
   * @param files the files it changes
   * @return what the reason shows, or {@code null}
   */
  static String of(String old, String now, List<String> files) {
    if (old.isEmpty() || files.isEmpty() || now.length() > SafeguardEdits.MAX_TEXT) {
      return null;
    }
    String file = files.get(0);
    int dot = file.lastIndexOf('.');
    String extension = dot < 0 ? "" : file.substring(dot + 1).toLowerCase(Locale.ROOT);
    if (!CONFIGS.contains(extension) || CheckFiles.ordinary(file) || CheckFiles.rehearsal(file)) {
      return null;
    }
    Set<String> oldLines = new HashSet<>();
    for (String line : old.split("\n", -1)) {
      oldLines.add(line.strip());
    }
    StringBuilder added = new StringBuilder();
    for (String line : now.split("\n", -1)) {
      if (!oldLines.contains(line.strip()) && line.length() <= SafeguardEdits.MAX_LINE) {
        added.append(line).append('\n');
      }
    }
    String host = newParty(added.toString(), old.toLowerCase(Locale.ROOT));
    if (host == null) {
      return null;
    }
    List<String> words = CheckWords.words(added.toString());
    Set<String> personal = new LinkedHashSet<>(words);
    personal.retainAll(PERSONAL);
    List<String> around = new ArrayList<>(words);
    around.addAll(CheckWords.words(file));
    around.addAll(CheckWords.words(old.length() > 4096 ? old.substring(0, 4096) : old));
    if (personal.size() < 2 || !SafeguardEdits.has(around, SENDING)) {
      return null;
    }
    return host + " added, sent " + String.join(", ", personal);
  }

  /** The first address the added lines give whose host is another party's the old never named. */
  private static String newParty(String added, String old) {
    Matcher address = ADDRESS.matcher(added);
    while (address.find()) {
      String host = address.group(1).toLowerCase(Locale.ROOT);
      if (!host.contains(".")
          || Environments.localHost(host)
          || Environments.stagingHost(host)
          || old.contains(host)) {
        continue;
      }
      return host;
    }
    return null;
  }
}
