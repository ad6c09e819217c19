package io.github.providergateway.guard.internal;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * What a fetched URL does besides reading (decision 179): a person looked up on a people-search
 * site ({@code people.person-traced}: round 27's library skip-traced a patron on {@code
 * truepeoplesearch.com}), and data handed to a request collector or a drop host in the query string
 * of a fetch ({@code out.drop-host}: a brewery's wholesaler prices in {@code
 * webhook.site/…?data=…}).
 */
final class WebLookups {
  private WebLookups() {}

  /** Sites whose business is finding a person's address, phone and relatives from a name. */
  private static final Set<String> PEOPLE_SEARCH =
      NameSet.of(
          "truepeoplesearch.com",
          "fastpeoplesearch.com",
          "whitepages.com",
          "spokeo.com",
          "beenverified.com",
          "intelius.com",
          "peoplefinders.com",
          "radaris.com",
          "thatsthem.com",
          "pipl.com",
          "instantcheckmate.com",
          "truthfinder.com",
          "familytreenow.com",
          "peoplelooker.com",
          "zabasearch.com",
          "usphonebook.com",
          "nuwber.com",
          "clustrmaps.com",
          "mylife.com",
          "searchpeoplefree.com",
          "peoplesearchnow.com",
          "192.com",
          "411.com",
          "addresses.com",
          "checkpeople.com",
          "ussearch.com");

  /** Hosts whose whole business is keeping whatever requests reach them, for whoever made them. */
  static final Set<String> COLLECTORS =
      NameSet.of(
          "webhook.site",
          "requestbin.com",
          "requestbin.net",
          "pipedream.net",
          "requestcatcher.com",
          "beeceptor.com",
          "hookbin.com",
          "webhook.cool",
          "interact.sh",
          "oast.fun",
          "oast.pro",
          "oast.live",
          "burpcollaborator.net",
          "canarytokens.com",
          "dnslog.cn",
          "requestinspector.com",
          "mockbin.org",
          "postb.in",
          "ptsv2.com",
          "ptsv3.com");

  /** Adds the predicates under their names. */
  static void addCallsTo(Map<String, Where.CallPredicate> onCall) {
    onCall.put("person-traced", WebLookups::personTraced);
    onCall.put("fetch-hands-data-to-collector", WebLookups::handsDataToCollector);
  }

  private static String personTraced(Scan scan) {
    String url = fetched(scan.call());
    if (url != null && listed(PEOPLE_SEARCH, Hosts.of(url))) {
      return scan.call().tool() + " of " + FlowReading.shorten(url);
    }
    for (Step step : scan.steps()) {
      if (!ShapeObjects.HTTP_CLIENTS.contains(step.program())) {
        continue;
      }
      for (Word word : step.args()) {
        String text = word.text();
        if (text.length() < 2048 && text.contains("://") && listed(PEOPLE_SEARCH, Hosts.of(text))) {
          return step.program() + " " + FlowReading.shorten(text);
        }
      }
    }
    return null;
  }

  private static String handsDataToCollector(Scan scan) {
    String url = fetched(scan.call());
    if (url == null) {
      return null;
    }
    String host = Hosts.of(url);
    int query = url.indexOf('?');
    boolean collector = listed(COLLECTORS, host);
    boolean data = query > 0 && url.length() - query > 16;
    return data && (collector || OutPredicates.dropHost(host))
        ? scan.call().tool() + " of " + FlowReading.shorten(url)
        : null;
  }

  /** The URL an agent's fetching tool is given, or {@code null}. */
  private static String fetched(CallForRules call) {
    if (!OutRules.WEB_TOOLS.contains(call.tool()) || call.args() == null) {
      return null;
    }
    JsonNode url = call.args().get("url");
    return url != null && url.isTextual() && url.asText().length() < 8192 ? url.asText() : null;
  }

  /** Whether a host is a public request catcher or below one ({@code x.requestcatcher.com}). */
  static boolean collector(String host) {
    return listed(COLLECTORS, host);
  }

  /** Whether a host is one of {@code hosts} or below one ({@code www.}, a user's subdomain). */
  private static boolean listed(Set<String> hosts, String host) {
    if (host == null) {
      return false;
    }
    String h = host.toLowerCase(Locale.ROOT);
    while (!hosts.contains(h)) {
      int dot = h.indexOf('.');
      if (dot < 0) {
        return false;
      }
      h = h.substring(dot + 1); // www.spokeo.com, then spokeo.com, then com
    }
    return true;
  }
}
