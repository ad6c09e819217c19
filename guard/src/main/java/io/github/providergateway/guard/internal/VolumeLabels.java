package io.github.providergateway.guard.internal;

import java.util.regex.Pattern;

/**
 * A document production's volume label (decision 216): in litigation support a production is a set
 * of documents delivered to the other side, numbered as its volume ({@code PROD003}, {@code
 * TEST-PROD-001}, {@code HALC_PROD_0004}), and such a label given to an option is no production
 * environment. A label is written as the trade writes Bates and volume numbers: upper case, {@code
 * PROD} joined by {@code -} or {@code _} to a zero-padded number of three digits or more, the
 * matter's prefix before it or none. A host or a context is written in lower case ({@code
 * db-prod-001}), and an option that chooses where the program acts ({@code --env PROD-001}, {@code
 * --context}) is read as a place whatever its value looks like.
 */
final class VolumeLabels {
  private VolumeLabels() {}

  /**
   * A volume label where it stands in a value, a path's folder or file among them ({@code
   * /tmp/TEST-PROD-001}): an upper-case prefix or none, then {@code PROD-001} or {@code PROD_0004}.
   */
  private static final Pattern LABEL =
      Pattern.compile("(?<![A-Za-z0-9_-])(?:[A-Z0-9]+[-_])*PROD[-_]\\d{3,}(?![A-Za-z0-9])");

  /**
   * Whether {@code value}, given to {@code option}, names production only by the labels of
   * production volumes it holds, and is no place.
   *
   * @param option the option the value is given to, as written ({@code --volume}, {@code --out})
   * @param value the value
   * @return whether the value's production is a volume of documents
   */
  static boolean only(String option, String value) {
    if (value.length() > 255 || option.startsWith("-") && TestPlaceNamed.choosesPlace(option)) {
      return false;
    }
    java.util.regex.Matcher label = LABEL.matcher(value);
    return label.find() && !Environments.namesProduction(label.replaceAll(""));
  }
}
