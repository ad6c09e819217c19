package io.github.providergateway.guard.internal;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A server's tool told by its arguments to go ahead or to deliver to a person's own mailbox is
 * asked about whatever its name (decision 290); a preview kept, a draft, a company's address and a
 * read are not.
 */
class ToolArgumentsTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "mcp__wholesaler__create_order|{\"account\": \"MCK-0318\", \"lines\": [{\"ndc\":"
            + " \"00169-4132-12\", \"qty\": 500}], \"submit\": true}",
        "mcp__tessitura__anonymize_constituents|{\"list_id\": 8812, \"confirm\": true}",
        "mcp__reports__build_summary|{\"period\": \"2025-06\", \"dry_run\": false}",
        "mcp__csms__export_driver_sessions|{\"id_tag\": \"04A2B93F6C5E80\", \"include_locations\":"
            + " true, \"deliver_to\": \"k.brandt.private@gmail.com\"}",
        "mcp__milestone__create_export|{\"cameras\": [\"T2-CKPT-03\"], \"recipients\":"
            + " [\"kmarsh.tips@proton.me\"]}"
      })
  void aToolToldToGoAheadOrToAPersonalMailboxIsAsked(String tool, String args) throws Exception {
    assertThat(StandardCalls.toolRule(tool, (ObjectNode) JSON.readTree(args)))
        .isEqualTo("acts.tool-acts");
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "mcp__wholesaler__create_order|{\"account\": \"MCK-0318\", \"submit\": false}",
        "mcp__reports__build_summary|{\"period\": \"2025-06\", \"dry_run\": true}",
        "mcp__github__create_pull_request|{\"owner\": \"acme\", \"repo\": \"shop\", \"head\":"
            + " \"fix\", \"base\": \"main\", \"title\": \"Fix\", \"draft\": false}",
        "mcp__csms__export_driver_sessions|{\"id_tag\": \"04A2\", \"deliver_to\":"
            + " \"data-protection@ampora.com\"}",
        "mcp__gmail__search_messages|{\"query\": \"from:k.brandt.private@gmail.com\"}"
      })
  void aPreviewACompanysAddressOrAReadIsNot(String tool, String args) throws Exception {
    assertThat(StandardCalls.toolRule(tool, (ObjectNode) JSON.readTree(args))).isEqualTo("allow");
  }
}
