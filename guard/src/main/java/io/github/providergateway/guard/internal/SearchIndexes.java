package io.github.providergateway.guard.internal;

import java.util.Map;

/**
 * A production search index overwritten or removed in inline code (decision 103): a search client's
 * destroying method on an index named for production. The Algolia CLI's verbs are
 * saas.production-object's ({@code SaasPredicates}).
 */
final class SearchIndexes {
  private SearchIndexes() {}

  /** Adds the predicates under their names. */
  static void addTo(Map<String, Where.Predicate> named) {
    named.put(
        "code-destroys-production-index",
        (scan, step, read) -> {
          String code = InterpreterCode.of(step);
          return code != null && codeDestroysProductionIndex(code);
        });
  }

  // -- search indices --------------------------------------------------------------------------

  /** A search client's method that removes or replaces an index's records, rules or synonyms. */
  private static final String[] INDEX_DESTROYERS = {
    ".delete(",
    ".clearobjects(",
    ".replaceallobjects(",
    ".deleteby(",
    ".clearrules(",
    ".clearsynonyms(",
    ".delete_index(",
    ".clear_objects(",
    ".replace_all_objects(",
    ".delete_by(",
    ".deleteindex(",
    ".indices.delete(",
    ".delete_all_documents(",
    ".deletealldocuments("
  };

  /**
   * Whether inline code removes or replaces a production search index: a client's index named for
   * production ({@code initIndex('prod_products')}, {@code index('products_production')}) and a
   * method that deletes, clears or replaces its records.
   */
  static boolean codeDestroysProductionIndex(String code) {
    String lower = PlatformPredicates.lowered(code);
    if (!CodeArguments.containsAny(lower, INDEX_DESTROYERS)) {
      return false;
    }
    for (String opener :
        new String[] {"initindex(", "init_index(", ".index(", "searchsingleindex(", "index="}) {
      for (int at = lower.indexOf(opener); at >= 0; at = lower.indexOf(opener, at + 1)) {
        int end = lower.indexOf(')', at);
        String name =
            lower.substring(
                at + opener.length(),
                end > at
                    ? Math.min(end, at + opener.length() + 120)
                    : Math.min(lower.length(), at + opener.length() + 120));
        if (Environments.namesProduction(name)) {
          return true;
        }
      }
    }
    return false;
  }
}
