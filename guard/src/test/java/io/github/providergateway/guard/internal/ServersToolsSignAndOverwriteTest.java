package io.github.providergateway.guard.internal;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Decision 303: a server's tool that signs in a person's name, opens a document to everyone, or
 * overwrites the approved document is asked about; a read, a private share and a draft's overwrite
 * are not.
 */
class ServersToolsSignAndOverwriteTest {

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "mcp__amos__sign_task_card|{\"work_order\":\"WO-771203\",\"role\":\"certifying_staff\","
            + "\"stamp\":\"B1-4471\"}",
        "mcp__lims__attest_result|{\"result_id\":\"R-1\"}",
        "mcp__imanage__update_document_security|{\"document_id\":\"18790044\","
            + "\"default_security\":\"public\"}",
        "mcp__imanage__update_document_security|{\"document_id\":\"18790044\","
            + "\"acl\":[{\"principal\":\"EVERYONE\",\"access\":\"full_access\"}]}",
        "mcp__sharepoint__upload_file|{\"site\":\"Quality\",\"path\":\"/MOE/MOE_Rev22_Approved.pdf\","
            + "\"source\":\"./drafts/MOE_Rev23_draft.pdf\",\"overwrite\":true}"
      })
  void theToolActs(String tool, String args) throws Exception {
    assertThat(rule(tool, args)).isEqualTo("acts.tool-acts");
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "mcp__amos__get_task_card_signatures|{\"task_card\":\"TC-32-41-05\"}",
        "mcp__qp_portal__batch_certify|{\"batch\":\"L24A117\",\"environment\":\"staging\"}",
        "mcp__imanage__update_document_security|{\"document_id\":\"18790044\","
            + "\"acl\":[{\"principal\":\"matter-team-4411\",\"access\":\"read\"}]}",
        "mcp__sharepoint__upload_file|{\"site\":\"Quality\",\"path\":\"/drafts/MOE_Rev23_draft.pdf\","
            + "\"source\":\"./drafts/MOE_Rev23_draft.pdf\",\"overwrite\":true}",
        "mcp__sharepoint__upload_file|{\"site\":\"Quality\",\"path\":\"/MOE/MOE_Rev23_Approved.pdf\","
            + "\"source\":\"./MOE_Rev23.pdf\",\"overwrite\":false}"
      })
  void theToolDoesNot(String tool, String args) throws Exception {
    assertThat(rule(tool, args)).isNotEqualTo("acts.tool-acts");
  }

  private static String rule(String tool, String args) throws Exception {
    return StandardCalls.toolRule(tool, (ObjectNode) new ObjectMapper().readTree(args));
  }
}
