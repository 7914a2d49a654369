package text

import "strings"

// verbList holds the base forms of verbs that describe work in process
// documents and SOPs. Only verbs from this list start an activity, which is
// what keeps descriptive prose ("The data are …") out of the flow.
const verbList = `accept route acknowledge add adjust administer advise align allocate analyse analyze
announce answer apply appoint approve archive arrange ask assemble assess assign attach attend audit
authorise authorize back backup balance bill book brief build calculate calibrate call cancel capture
carry catalogue categorise categorize certify change charge check choose classify clean clear close
code collect combine comment communicate compare compile complete compute conduct configure confirm
connect consider consolidate consult contact convert coordinate copy correct count create credit
cut debit decide declare define delete deliver deploy describe design despatch detect determine develop
discuss dispatch distribute document download draft email e-mail enable encode enter escalate establish
estimate evaluate examine execute export extract fill file finalise finalize fix flag fly follow forward
gather generate give grant handle hand hold identify implement import inform ingest initiate inspect
install instruct interview investigate invoice issue keep label launch load locate lock log mail maintain
make manage map mark measure merge monitor mount move negotiate note notify obtain open operate order
organise organize pack package pass pay perform pick place plan post power prepare present price
print prioritise prioritize process procure produce program programme provide publish purchase put
quote raise rate read receive recharge reconcile record recover redo refer refund register reject
release remove renew repair replace reply report request reschedule reserve resolve respond restart
restore retrieve return review revise run save scan schedule screen select sell send separate set
settle ship sign specify split stack start state store submit supply survey switch take tag test
track train transfer translate transmit transport turn unload unlock unpack update upload use validate
verify visit wait weigh wipe write insert rotate disarm land feel listen press disable begin ensure
avoid leave observe wear fit format inform sort audit interview contract hire onboard train invite
brief sign-off approve plot fly photograph solve troubleshoot diagnose repair
reconcile reimburse refund quote negotiate match shortlist hire reject dispatch invoice
pipette centrifuge aliquot incubate thaw vortex autoclave sterilise sterilize dilute
vote triage reimage`

// statives are verbs that, in a plain declarative sentence, describe rather
// than do ("The page outlines …"). They still count in imperatives ("Follow
// the guidance") and after modals ("Users should consider …").
var statives = set(`consider describe enable follow hold keep provide state use wait`)

var verbs = set(verbList)

// irregular maps inflected forms to base forms.
var irregular = map[string]string{
	"sent": "send", "made": "make", "paid": "pay", "taken": "take", "took": "take", "given": "give",
	"gave": "give", "written": "write", "wrote": "write", "built": "build", "held": "hold", "kept": "keep",
	"put": "put", "set": "set", "chosen": "choose", "chose": "choose", "read": "read", "run": "run",
	"ran": "run", "cut": "cut", "sold": "sell", "done": "do", "did": "do", "flown": "fly", "flew": "fly",
	"got": "get", "gotten": "get", "brought": "bring", "bought": "buy", "told": "tell", "found": "find",
	"led": "lead", "split": "split", "shut": "shut", "does": "do", "has": "have", "is": "be", "are": "be",
	"was": "be", "were": "be", "routed": "route", "routes": "route", "met": "meet", "taught": "teach", "fed": "feed",
}

// participles maps base forms to irregular past participles.
var participles = map[string]string{
	"send": "sent", "make": "made", "pay": "paid", "take": "taken", "give": "given", "write": "written",
	"build": "built", "hold": "held", "keep": "kept", "put": "put", "set": "set", "choose": "chosen",
	"read": "read", "run": "run", "cut": "cut", "sell": "sold", "fly": "flown", "split": "split",
	"buy": "bought", "tell": "told", "find": "found", "bring": "brought", "lead": "led", "get": "got",
	"do": "done", "shut": "shut", "leave": "left", "win": "won", "meet": "met", "teach": "taught", "feed": "fed", "let": "let", "reset": "reset",
}

// doubled lists verbs that double their final consonant before -ed/-ing.
var doubled = set(`plan stop ship log submit admit commit transfer drop tag map scan refer cancel label programme`)

// Verb classes decide how an activity's object lands in its SIPOC.
var (
	// producing verbs make their object: it is an output.
	producing = set(`build calculate capture compile create design develop document draft export generate
		issue log make note prepare print produce publish quote raise record register report write code
		estimate plan schedule book order invoice map measure photograph scan`)
	// moving verbs hand their object on: input and output, with a customer.
	moving = set(`send forward submit deliver email e-mail notify inform pass hand return ship dispatch despatch
		distribute transfer transmit upload mail post release escalate refer reply respond present`)
	// plain verbs change nothing about their object: no output
	plain = set(`ensure make avoid follow use consider keep wait feel listen observe wear note`)
	// addressing verbs have a person as object: the customer of the step
	addressing = set(`consult notify inform contact call brief ask email e-mail tell advise instruct invite
		interview pay remind alert update`)
	// receiving verbs take their object in: input and output, with a supplier.
	receiving = set(`receive collect obtain gather download retrieve ingest import accept load pick take`)
)

// nominal maps nouns of action that start list items ("Verification of
// GNSS…") to the verb an activity name needs.
var nominal = map[string]string{
	"verification": "verify", "removal": "remove", "monitoring": "monitor", "detection": "detect",
	"review": "review", "inspection": "inspect", "approval": "approve", "creation": "create",
	"preparation": "prepare", "submission": "submit", "confirmation": "confirm", "assessment": "assess",
	"calculation": "calculate", "collection": "collect", "installation": "install", "validation": "validate",
	"registration": "register", "generation": "generate", "analysis": "analyse", "use": "use",
	"check": "check", "checks": "check", "checking": "check", "recording": "record", "logging": "log",
	"cleaning": "clean", "calibration": "calibrate", "measurement": "measure", "delivery": "deliver",
	"payment": "pay", "evaluation": "evaluate", "documentation": "document", "identification": "identify",
	"selection": "select", "configuration": "configure", "processing": "process", "storage": "store",
	"transfer": "transfer", "upload": "upload", "export": "export", "import": "import", "backup": "back up",
}

// modals introduce a base-form verb whose subject is the performer.
var modals = set(`must should shall will can may might could would need needs has have required
	encouraged expected responsible asked supposed allowed able going`)

var determiners = set(`the a an this that these those his her their its our your my each every all any
	some another such both either`)

var pronouns = set(`he she they it who which i we you one someone somebody latter former`)

var auxBe = set(`is are was were be been being gets get got`)

// roleWords mark a noun phrase as someone who performs work.
var roleWords = set(`manager managers clerk clerks officer officers operator operators pilot pilots technician
	technicians team teams department departments staff customer customers client clients supplier suppliers
	vendor vendors user users admin administrator administrators analyst analysts engineer engineers lead
	leads supervisor supervisors coordinator coordinators assistant assistants director directors agent agents
	owner owners approver approvers reviewer reviewers requester requestor requesters applicant applicants
	employee employees hr finance accounting accountant accountants it sales procurement purchasing warehouse
	qa buyer buyers seller sellers driver drivers courier couriers nurse nurses
	doctor doctors physician patient patients student students teacher teachers member members head
	board committee desk service support helpdesk office unit crew personnel worker workers specialist
	specialists consultant consultants auditor auditors cashier cashiers receptionist secretary executive
	ceo cfo cto coo rep reps representative representatives partner partners observer observers inspector inspectors
	planner planners scheduler dispatcher dispatchers storekeeper picker pickers packer packers tester testers
	developer developers designer designers architect architects legal compliance payroll treasury
	logistics shipping receiving marketing operations management system bot robot payable receivable billing
	mechanic mechanics gp surgeon surgeons pharmacist pharmacists dean registrar chef cook cooks waiter waiters
	lab labs laboratory laboratories guard guards porter porters chairperson midwife midwives paramedic paramedics clinician clinicians
	administration dispatch control counsel paralegal paralegals foreman foremen warden wardens bursar bursars steward stewards vet vets concierge
	ombudsman magistrate magistrates mayor actuary actuaries panel panels
	centre center centres centers depot bureau bureaus authority authorities shop garage agency bank banks
	company companies reception`)

// systemNames are tools and IT systems recognised in text; the value is the
// name shown in the SIPOC "Systems" column.
var systemNames = []struct{ pattern, name string }{
	{"erp", "ERP"}, {"crm", "CRM"}, {"sap", "SAP"}, {"excel", "Excel"}, {"e-mail", "Email"},
	{"email", "Email"}, {"e-mails", "Email"}, {"emails", "Email"}, {"portal", "Portal"},
	{"sharepoint", "SharePoint"}, {"salesforce", "Salesforce"}, {"jira", "Jira"}, {"outlook", "Outlook"},
	{"database", "Database"}, {"spreadsheet", "Spreadsheet"}, {"servicenow", "ServiceNow"},
	{"workday", "Workday"}, {"oracle", "Oracle"}, {"dynamics", "Dynamics"}, {"quickbooks", "QuickBooks"},
	{"xero", "Xero"}, {"slack", "Slack"}, {"ms teams", "Microsoft Teams"}, {"microsoft teams", "Microsoft Teams"},
	{"confluence", "Confluence"}, {"docusign", "DocuSign"}, {"google sheets", "Google Sheets"},
	{"google drive", "Google Drive"}, {"onedrive", "OneDrive"}, {"dropbox", "Dropbox"}, {"intranet", "Intranet"},
	{"website", "Website"}, {"web portal", "Portal"}, {"ticketing system", "Ticketing system"},
	{"hris", "HRIS"}, {"wms", "WMS"}, {"mes", "MES"}, {"lims", "LIMS"}, {"edi", "EDI"}, {"zendesk", "Zendesk"},
	{"hubspot", "HubSpot"}, {"netsuite", "NetSuite"}, {"power bi", "Power BI"}, {"tableau", "Tableau"},
	{"qgis", "QGIS"}, {"active directory", "Active Directory"},
	{"linkedin", "LinkedIn"}, {"applicant tracking system", "Applicant tracking system"}, {"ats", "ATS"},
	{"teams meeting", "Microsoft Teams"}, {"zoom", "Zoom"}, {"docusign", "DocuSign"}, {"arcgis", "ArcGIS"}, {"matlab", "MATLAB"}, {"metashape", "Metashape"},
	{"qgroundcontrol", "QGroundControl"}, {"dji pilot", "DJI Pilot"}, {"gitlab", "GitLab"}, {"github", "GitHub"},
}

// skipSections are headings whose content is never part of the process.
var skipSections = []string{
	"table of contents", "contents", "revision history", "document history", "version history",
	"change log", "changelog", "revision log", "approvals", "approval signatures", "sign-off", "glossary",
	"definitions", "abbreviations", "acronyms", "references", "related documents", "document control",
	"distribution", "todo", "to do", "document structure", "document information", "amendment record",
	"record of changes", "index", "appendix",
}

// inputSections and outputSections are headings whose list items are the
// process' inputs and outputs rather than steps.
var (
	inputSections  = set(`inputs input prerequisites requirements materials equipment tools resources needed required what you need you will need`)
	outputSections = set(`outputs output deliverables results products records`)
)

func set(s string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(s) {
		m[w] = true
	}
	return m
}
