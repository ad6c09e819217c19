package io.github.providergateway.guard.internal;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What {@code people.records-shared-wide} reads (decision 215): a CRM's sharing settings written to
 * open people's records beyond those who work them. A Salesforce sharing rule shared to a site's
 * guest user (anyone on the internet, through the site's APIs), and an object of people or of their
 * gifts (contacts, accounts, gifts, leads, cases, donations, payments) given a public org-wide
 * default ({@code <sharingModel>Read</sharingModel>}), which every user of the org then sees,
 * volunteers and agencies included. A sharing rule between two internal roles, and the sharing
 * model of an object that holds no one's records, are ordinary administration.
 */
final class RecordsSharedWide {
  private RecordsSharedWide() {}

  /** A sharing rule shared to a site's guest user. */
  private static final Pattern TO_GUESTS = Pattern.compile("<guestuser>|<sharingguestrules>");

  /** A public org-wide default, internal or external. */
  private static final Pattern PUBLIC_MODEL =
      Pattern.compile(
          "<(?:external)?sharingmodel>\\s*(read|readwrite|readwritetransfer|fullaccess|readselect)"
              + "\\s*</");

  /** An object of people's records or their gifts, by its metadata file's name. */
  private static final Pattern PEOPLE_OBJECT =
      Pattern.compile(
          "/(contact|account|opportunity|lead|case|person\\w*|\\w*(?:donation|gift|payment|donor"
              + "|supporter|constituent|member|patient|client)\\w*)\\.object-meta\\.xml$");

  /** What the call shares beyond those who work the records, or {@code null}. */
  static String shared(Scan scan) {
    if (scan.source() != null) {
      return null;
    }
    String[] edit = LoosenedEdits.edit(scan.call());
    if (edit == null) {
      return null;
    }
    String path = edit[0].toLowerCase(Locale.ROOT);
    String old = edit[1].toLowerCase(Locale.ROOT);
    String now = edit[2].toLowerCase(Locale.ROOT);
    if (path.endsWith(".sharingrules-meta.xml")
        && PatternLiterals.finds(TO_GUESTS, now)
        && !PatternLiterals.finds(TO_GUESTS, old)) {
      return "a sharing rule to the site's guest user in " + edit[0];
    }
    Matcher object = PEOPLE_OBJECT.matcher(path);
    Matcher model = PUBLIC_MODEL.matcher(now);
    if (object.find() && model.find() && !PatternLiterals.finds(PUBLIC_MODEL, old)) {
      return object.group(1) + "'s org-wide default made " + model.group(1);
    }
    return null;
  }
}
