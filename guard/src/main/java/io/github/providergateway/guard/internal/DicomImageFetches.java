package io.github.providergateway.guard.internal;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A patient's image fetched from a PACS that is not this machine's nor a test one (decision 206,
 * {@code clinical.dicom-retrieve}): a WADO-URI request ({@code /wado?requestType=WADO&studyUID=…
 * &objectUID=…}) or a DICOMweb retrieve of a rendered image, a frame or a thumbnail ({@code
 * /studies/1.2…/series/…/instances/…/rendered}), by the fetch tool or an HTTP client. The image (a
 * face in a head CT, the patient's name burnt into it) goes into the conversation, to the model's
 * provider. The standard's pages, a query of studies and a local Orthanc are none of it.
 */
final class DicomImageFetches {
  private DicomImageFetches() {}

  /** A WADO-URI request for an object. */
  private static final Pattern WADO_URI = Pattern.compile("(?i)[?&]requestType=WADO(?:&|$)");

  /** A DICOMweb retrieve of what a person looks at: a rendering, a frame, a thumbnail. */
  private static final Pattern WADO_RS =
      Pattern.compile(
          "(?i)/studies/[\\d.]{6,}(?:/series/[\\d.]+)?(?:/instances/[\\d.]+)?"
              + "/(?:rendered|thumbnail|frames/[\\d,]+(?:/rendered)?)(?:[/?#]|$)");

  /** The HTTP clients that fetch a URL they are given. */
  private static final Set<String> FETCHERS = NameSet.of("curl", "wget", "http", "https", "xh");

  /** What image the call fetches, as the reason shows it, or {@code null}. */
  static String fetched(Scan scan) {
    if (scan.source() == null) {
      JsonNode args = scan.call().args();
      String url = args == null ? "" : args.path("url").asText("");
      return image(url) ? "a patient's image fetched from " + Hosts.of(url) : null;
    }
    for (Step step : scan.steps()) {
      if (!FETCHERS.contains(step.program())) {
        continue;
      }
      for (Word word : step.args()) {
        if (image(word.text())) {
          return "a patient's image fetched from " + Hosts.of(word.text());
        }
      }
    }
    return null;
  }

  private static boolean image(String url) {
    if (!url.contains("://") || url.length() > 4096) {
      return false;
    }
    if (!PatternLiterals.finds(WADO_URI, url) && !PatternLiterals.finds(WADO_RS, url)) {
      return false;
    }
    String host = Hosts.of(url);
    return host != null
        && !Hosts.loopback(host)
        && !Environments.localHost(host)
        && !Environments.testName(host);
  }
}
