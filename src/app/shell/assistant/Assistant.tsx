import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Avatar, Badge, Box, Button, Fab, IconButton, Link, List, ListItem, Paper, Stack, TextField, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import SendIcon from '@mui/icons-material/Send';
import SmartToy from '@mui/icons-material/SmartToy';
import { Link as RouterLink } from 'react-router';
import { useTranslate } from 'ra-core';
import { PAGES } from '../../../../generated/app/pages.gen';
import type { PageTable } from '../../../shared/generated-contract';
import type { PageSubject } from '../../../shared/page-access';
import { pageSubjectOf } from '../../access/page-subject';
import { useAppServices } from '../../bootstrap/context';
import { APP_NOTICES, type AppNotice, type NoticeFeed } from '../../notify/notify';
import { BUILT_PAGES, type PageRegistry } from '../pages/built-pages';
import { useLoadedSession } from '../../session/useLoadedSession';
import { chatBotEnabled, HELP_TOPICS, matchTopic, topicLinks, type HelpTopicId } from './help';
import { useNoticeDebounce } from './useNoticeDebounce';

type Entry =
  | { from: 'bot'; kind: 'greeting' }
  | { from: 'bot'; kind: 'answer'; topic: HelpTopicId }
  | { from: 'bot'; kind: 'notUnderstood' }
  | { from: 'bot'; kind: 'notice'; notice: AppNotice }
  | { from: 'user'; text: string }
  | { from: 'user'; topic: HelpTopicId };

export interface AssistantProps {
  feed?: NoticeFeed;
  pages?: PageTable;
  /** The pages the app has (by name): only those are offered as links. */
  registry?: PageRegistry;
}

/**
 * The assistant in the corner of the signed-in shop (core §2, §4, §6): a small icon that shows each
 * notification and hides 8.5 s after the last one; for customers with the chat-bot feature it stays
 * and opens the help chat bot, which answers from the built-in questions with links to the pages
 * this user may open.
 */
export function Assistant({ feed = APP_NOTICES, pages = PAGES, registry = BUILT_PAGES }: AssistantProps) {
  const translate = useTranslate();
  const { domain } = useAppServices();
  const { session } = useLoadedSession();
  const [open, setOpen] = useState(false);
  const [log, setLog] = useState<Entry[]>([{ from: 'bot', kind: 'greeting' }]);
  const fabRef = useRef<HTMLButtonElement>(null);
  const { notice, dismiss } = useNoticeDebounce(feed, (n) => setLog((l) => [...l, { from: 'bot', kind: 'notice', notice: n }]));

  const subject = session ? pageSubjectOf(session, domain.links) : null;
  const chatBot = subject !== null && chatBotEnabled(session);
  if (!subject || (!chatBot && !notice)) return null;

  const noticeText = notice ? translate(notice.message, { _: notice.message, ...notice.messageArgs }) : '';
  const close = () => {
    setOpen(false);
    fabRef.current?.focus();
  };

  return (
    <Box sx={{ position: 'fixed', right: 16, bottom: 16, zIndex: (t) => t.zIndex.snackbar - 1, display: 'flex', flexDirection: 'column', alignItems: 'flex-end', gap: 1 }}>
      {chatBot && open && (
        <ChatPanel
          log={log}
          onAsk={(entry, answer) => setLog((l) => [...l, entry, answer])}
          onClose={close}
          subject={subject}
          pages={pages}
          registry={registry}
          name={session?.user?.firstname || session?.user?.displayname || ''}
        />
      )}
      {notice && !open && (
        <Paper elevation={4} role="status" aria-live="polite" aria-label={translate('assistant.newNotification')}
          sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, p: 1.5, maxWidth: 320, borderLeft: 4, borderColor: `${notice.variation === 'primary' ? 'primary' : notice.variation}.main` }}>
          <Typography variant="body2" sx={{ flex: 1 }}>{noticeText}</Typography>
          <IconButton size="small" onClick={dismiss} aria-label={translate('assistant.dismiss')}><CloseIcon fontSize="small" /></IconButton>
        </Paper>
      )}
      {chatBot ? (
        <Fab ref={fabRef} color="primary" size="medium" onClick={() => (open ? close() : setOpen(true))}
          aria-label={translate(open ? 'assistant.closeChat' : 'assistant.openChat')} aria-expanded={open} aria-haspopup="dialog">
          <Badge color="error" variant="dot" invisible={!notice}><SmartToy /></Badge>
        </Fab>
      ) : (
        <Avatar role="img" aria-label={translate('assistant.icon')} sx={{ bgcolor: 'primary.main', width: 48, height: 48, boxShadow: 3 }}>
          <SmartToy aria-hidden />
        </Avatar>
      )}
    </Box>
  );
}

interface ChatPanelProps {
  log: Entry[];
  onAsk: (question: Entry, answer: Entry) => void;
  onClose: () => void;
  subject: PageSubject;
  pages: PageTable;
  registry: PageRegistry;
  name: string;
}

/** The help chat bot: a conversation log, the known questions as buttons, and a field for an own question. */
function ChatPanel({ log, onAsk, onClose, subject, pages, registry, name }: ChatPanelProps) {
  const translate = useTranslate();
  const titleId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const logRef = useRef<HTMLUListElement>(null);
  const [question, setQuestion] = useState('');

  useEffect(() => inputRef.current?.focus(), []);
  useEffect(() => {
    const el = logRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [log.length]);

  const askTopic = (topic: HelpTopicId) => onAsk({ from: 'user', topic }, { from: 'bot', kind: 'answer', topic });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = question.trim();
    if (!text) return;
    const topic = matchTopic(text, (id) => translate(`assistant.faq.${id}.keywords`));
    onAsk({ from: 'user', text }, topic ? { from: 'bot', kind: 'answer', topic } : { from: 'bot', kind: 'notUnderstood' });
    setQuestion('');
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
    }
  };

  const textOf = (entry: Entry): string => {
    if (entry.from === 'user') return 'text' in entry ? entry.text : translate(`assistant.faq.${entry.topic}.question`);
    switch (entry.kind) {
      case 'greeting': return translate('assistant.greeting', { name });
      case 'answer': return translate(`assistant.faq.${entry.topic}.answer`);
      case 'notUnderstood': return translate('assistant.notUnderstood');
      case 'notice': return translate(entry.notice.message, { _: entry.notice.message, ...entry.notice.messageArgs });
    }
  };

  return (
    <Paper elevation={8} role="dialog" aria-modal="false" aria-labelledby={titleId} onKeyDown={onKeyDown}
      sx={{ width: { xs: 'calc(100vw - 32px)', sm: 380 }, maxHeight: '75vh', display: 'flex', flexDirection: 'column', overflow: 'hidden' }}>
      <Stack direction="row" sx={{ alignItems: 'center', px: 2, py: 1, bgcolor: 'primary.main', color: 'primary.contrastText' }}>
        <SmartToy aria-hidden sx={{ mr: 1 }} />
        <Typography id={titleId} variant="subtitle1" component="h2" sx={{ flex: 1, fontWeight: 600 }}>{translate('assistant.title')}</Typography>
        <IconButton onClick={onClose} aria-label={translate('assistant.closeChat')} sx={{ color: 'inherit' }}><CloseIcon /></IconButton>
      </Stack>
      <List ref={logRef} role="log" aria-label={translate('assistant.conversation')} aria-live="polite" dense sx={{ overflowY: 'auto', flex: 1, px: 1.5 }}>
        {log.map((entry, index) => {
          const mine = entry.from === 'user';
          const links = entry.from === 'bot' && entry.kind === 'answer' ? topicLinks(entry.topic, subject, pages, registry) : [];
          return (
            <ListItem key={index} disableGutters sx={{ justifyContent: mine ? 'flex-end' : 'flex-start' }}>
              <Box sx={{ maxWidth: '85%', px: 1.5, py: 1, borderRadius: 2, bgcolor: mine ? 'primary.main' : 'action.hover', color: mine ? 'primary.contrastText' : 'text.primary' }}>
                <Typography variant="caption" component="p" sx={{ fontWeight: 600 }}>{translate(mine ? 'assistant.you' : 'assistant.bot')}</Typography>
                <Typography variant="body2">{textOf(entry)}</Typography>
                {links.length > 0 && (
                  <Box component="nav" aria-label={translate('assistant.links')} sx={{ mt: 0.5, display: 'flex', flexWrap: 'wrap', gap: 1 }}>
                    {links.map((link) => (
                      <Link key={link.page} component={RouterLink} to={link.path} variant="body2">{translate(link.titleKey)}</Link>
                    ))}
                  </Box>
                )}
              </Box>
            </ListItem>
          );
        })}
      </List>
      <Box component="nav" aria-label={translate('assistant.topics')} sx={{ px: 1.5, py: 1, borderTop: 1, borderColor: 'divider', display: 'flex', flexWrap: 'wrap', gap: 0.5, maxHeight: 140, overflowY: 'auto' }}>
        {HELP_TOPICS.map(({ id }) => (
          <Button key={id} size="small" variant="outlined" onClick={() => askTopic(id)} sx={{ textTransform: 'none' }}>
            {translate(`assistant.faq.${id}.question`)}
          </Button>
        ))}
      </Box>
      <Box component="form" onSubmit={submit} sx={{ display: 'flex', gap: 1, p: 1.5, borderTop: 1, borderColor: 'divider' }}>
        <TextField inputRef={inputRef} size="small" fullWidth label={translate('assistant.inputLabel')} value={question}
          onChange={(e) => setQuestion(e.target.value)} autoComplete="off" />
        <IconButton type="submit" color="primary" aria-label={translate('assistant.send')}><SendIcon /></IconButton>
      </Box>
    </Paper>
  );
}
